import HapticsPlatform

/// Turns a sound into a haptic pattern, as Meta Haptics Studio's analysis and Android's
/// HapticGenerator do: a transient at each onset, continuous vibration over sustained sound.
///
/// The sound is cut into hops of 10 ms. For each hop:
/// - its level is the RMS of its samples in dBFS; a hop below `silenceThreshold` (-45 dBFS) is
///   silent and plays nothing;
/// - its spectrum is a Hann-windowed FFT of the 20 ms (rounded up to a power of two) from the
///   hop's start, and its spectral centroid sets the sharpness: `log2(centroid / 100 Hz) /
///   log2(4000 / 100)`, clamped to 0...1 (100 Hz and below: 0; 4 kHz and above: 1).
///
/// **Onsets** (energy rise): a hop at least `onsetRise` (9 dB) louder than the previous one
/// (taken as `silenceThreshold` when quieter), at least `onsetGap` (50 ms) after the last onset.
/// The transient starts at the hop's first sample reaching half the hop's peak, so within the
/// hop; its intensity maps the peak of that hop and the next from -45 dBFS (0) to 0 dBFS (1).
///
/// **Sustained sound**: a run of non-silent hops lasting at least `sustainMinimum` (50 ms) is
/// one continuous event (intensity 1, sharpness 0) with an intensity curve that follows each
/// hop's level (mapped as the transients' peaks) and a sharpness curve from its centroid. The
/// transients keep clear of the curves.
public struct SoundAnalysis: Sendable {
    /// The hop, in seconds.
    public static let hop = 0.01
    /// The level below which a hop is silent, in dBFS.
    public static let silenceThreshold = -45.0
    /// The rise in level over the previous hop that is an onset, in dB.
    public static let onsetRise = 9.0
    /// The shortest time between two onsets, in seconds.
    public static let onsetGap = 0.05
    /// The shortest run of sound that plays as a continuous event, in seconds.
    public static let sustainMinimum = 0.05
    /// The centroids mapped to sharpness 0 and 1, in Hz.
    public static let centroidRange = 100.0...4000.0

    /// One hop's measures.
    struct Hop {
        /// RMS level, dBFS.
        var level: Double
        /// Peak level, dBFS.
        var peak: Double
        /// Spectral centroid, Hz (0 for a silent hop).
        var centroid: Double
    }

    /// Creates the analysis.
    public init() {}

    /// The pattern for `sound`.
    public func pattern(for sound: Sound) -> HapticPattern {
        let size = max(1, Int((Double(sound.sampleRate) * Self.hop).rounded()))
        let hops = measure(sound, hopSize: size)
        var events: [HapticEvent] = []
        var curves: [ParameterCurve] = []
        var lastOnset = -Double.infinity
        for index in hops.indices where hops[index].level >= Self.silenceThreshold {
            let previous = index > 0 ? max(hops[index - 1].level, Self.silenceThreshold) : Self.silenceThreshold
            let time = Double(index) * Self.hop
            guard hops[index].level - previous >= Self.onsetRise, time - lastOnset >= Self.onsetGap - 1e-9 else { continue }
            lastOnset = time
            let start = index * size
            let samples = sound.samples[start..<min(start + size, sound.samples.count)]
            let peak = samples.map { abs($0) }.max() ?? 0
            let first = samples.firstIndex { abs($0) >= peak / 2 } ?? start
            let loudest = max(hops[index].peak, index + 1 < hops.count ? hops[index + 1].peak : -.infinity)
            events.append(
                HapticEvent(
                    time: Double(first) / Double(sound.sampleRate), kind: .transient, intensity: Self.strength(loudest),
                    sharpness: Self.sharpness(hops[index].centroid), followsParameterCurves: false))
        }
        var index = 0
        while index < hops.count {
            guard hops[index].level >= Self.silenceThreshold else {
                index += 1
                continue
            }
            var end = index
            while end < hops.count, hops[end].level >= Self.silenceThreshold { end += 1 }
            if Double(end - index) * Self.hop >= Self.sustainMinimum - 1e-9 {
                let start = Double(index) * Self.hop
                let run = hops[index..<end]
                events.append(
                    HapticEvent(time: start, kind: .continuous(duration: Double(end - index) * Self.hop), intensity: 1, sharpness: 0))
                let times = run.indices.map { Double($0 - index) * Self.hop }
                curves.append(
                    ParameterCurve(
                        control: .intensity, time: start,
                        points: zip(times, run).map { ParameterCurve.Point(time: $0, value: Self.strength($1.level)) }))
                curves.append(
                    ParameterCurve(
                        control: .sharpness, time: start,
                        points: zip(times, run).map { ParameterCurve.Point(time: $0, value: Self.sharpness($1.centroid)) }))
            }
            index = end
        }
        return HapticPattern(events: events, curves: curves)
    }

    /// A level in dBFS as an intensity: -45 dBFS and below 0, 0 dBFS 1, linear between.
    static func strength(_ level: Double) -> Double {
        min(max((level - silenceThreshold) / -silenceThreshold, 0), 1)
    }

    /// A spectral centroid as a sharpness: logarithmic from 100 Hz (0) to 4 kHz (1).
    static func sharpness(_ centroid: Double) -> Double {
        guard centroid > 0 else { return 0 }
        let octaves =
            binaryLogarithm(centroid / centroidRange.lowerBound) / binaryLogarithm(centroidRange.upperBound / centroidRange.lowerBound)
        return min(max(octaves, 0), 1)
    }

    /// Each hop's level, peak and centroid (the centroid only for a hop that is not silent).
    func measure(_ sound: Sound, hopSize: Int) -> [Hop] {
        var window = 1
        while window < 2 * hopSize { window *= 2 }
        let hann = (0..<window).map { 0.5 - 0.5 * cosine(2 * Double.pi * Double($0) / Double(window)) }
        let count = (sound.samples.count + hopSize - 1) / hopSize
        return (0..<count).map { hop in
            let start = hop * hopSize
            let samples = sound.samples[start..<min(start + hopSize, sound.samples.count)]
            let power = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)
            let level = decibels(power.squareRoot())
            let peak = decibels(Double(samples.map { abs($0) }.max() ?? 0))
            guard level >= Self.silenceThreshold else { return Hop(level: level, peak: peak, centroid: 0) }
            var real = (0..<window).map { offset in
                start + offset < sound.samples.count ? Double(sound.samples[start + offset]) * hann[offset] : 0
            }
            var imaginary = [Double](repeating: 0, count: window)
            FFT.transform(&real, &imaginary)
            var weighted = 0.0
            var total = 0.0
            for bin in 1...(window / 2) {
                let magnitude = (real[bin] * real[bin] + imaginary[bin] * imaginary[bin]).squareRoot()
                weighted += Double(bin) * Double(sound.sampleRate) / Double(window) * magnitude
                total += magnitude
            }
            return Hop(level: level, peak: peak, centroid: total > 0 ? weighted / total : 0)
        }
    }

    private func decibels(_ amplitude: Double) -> Double {
        amplitude > 0 ? 20 * decimalLogarithm(amplitude) : -.infinity
    }
}
