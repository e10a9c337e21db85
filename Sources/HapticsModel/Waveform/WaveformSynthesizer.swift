/// Turns waveform frames into the PCM the two voice-coil actuators play: interleaved signed
/// 16-bit samples, left then right, at `sampleRate`.
///
/// Each actuator plays a sine at its frame's sharpness frequency (`band`) scaled by its
/// amplitude. The synthesizer keeps each side's oscillator phase, amplitude and frequency
/// from one frame to the next, so frames appended back to back make one continuous wave: the
/// phase never jumps, the amplitude moves towards each frame's at most full scale per `ramp`
/// (a silent frame ramps to 0), and the frequency glides towards each frame's with a time
/// constant of `ramp` (it jumps only while the side is silent, where a jump cannot be heard).
/// A transient, which the renderer makes a short pulse of frames (`PadProfile.transientPulse`),
/// becomes a burst of a few cycles at its sharpness frequency.
public struct WaveformSynthesizer: Sendable {
    /// One actuator's oscillator.
    private struct Voice: Sendable {
        /// Where in its cycle the wave is, 0..<1.
        var phase: Double = 0
        /// The amplitude now, 0...1.
        var amplitude: Double = 0
        /// The frequency now, in Hz.
        var frequency: Double

        /// The next sample towards the amplitude `level` (0...1) and the frequency `goal`, in
        /// -1...1, advancing the oscillator by one sample.
        mutating func next(towards level: Double, goal: Double, slew: Double, glide: Double, sampleRate: Double) -> Double {
            frequency = amplitude == 0 ? goal : frequency + (goal - frequency) * glide
            amplitude = level > amplitude ? min(level, amplitude + slew) : max(level, amplitude - slew)
            phase += frequency / sampleRate
            if phase >= 1 { phase -= 1 }
            return amplitude * CycleSine.value(atPhase: phase)
        }
    }

    /// The actuators a sample frame holds: left, then right.
    public static let channelCount = 2
    /// Samples per second per channel.
    public let sampleRate: Int
    /// How sharpness becomes frequency.
    public let band: VoiceCoilBand
    /// How long the amplitude takes to move across full scale, and the frequency glide's time
    /// constant.
    public let ramp: Duration
    private var left: Voice
    private var right: Voice
    /// How much time the frames appended so far cover.
    private var elapsed: Duration = .zero

    /// Creates a synthesizer, both actuators silent; a ramp under one sample is raised to one.
    public init(sampleRate: Int = 48_000, band: VoiceCoilBand = VoiceCoilBand(), ramp: Duration = .milliseconds(3)) {
        self.sampleRate = max(sampleRate, 1)
        self.band = band
        self.ramp = ramp
        left = Voice(frequency: band.lowest)
        right = Voice(frequency: band.lowest)
    }

    /// The number of samples per channel from the start of the stream to `time`, rounded.
    public func sampleCount(at time: Duration) -> Int {
        let (seconds, attoseconds) = time.components
        return Int(seconds) * sampleRate + Int((Double(attoseconds) * Double(sampleRate) / 1e18).rounded())
    }

    /// Appends `frame`'s duration of interleaved samples (left, right) to `samples`, right
    /// after what the frames appended before it covered. Durations add up exactly: a frame
    /// gets the samples between the rounded sample counts at its start and its end, so no
    /// rounding accumulates.
    public mutating func append(_ frame: WaveformFrame, to samples: inout [Int16]) {
        let end = elapsed + max(frame.duration, .zero)
        let count = sampleCount(at: end) - sampleCount(at: elapsed)
        elapsed = end
        append(frame, sampleCount: count, to: &samples)
    }

    /// Whether both actuators are at rest: their amplitudes have ramped down below half a
    /// 16-bit step, so every sample they make is 0.
    public var isAtRest: Bool { max(left.amplitude, right.amplitude) * Double(Int16.max) < 0.5 }

    /// Appends `count` sample frames of `frame`'s characters (interleaved, left then right),
    /// whatever its duration says: for a player that writes a frame in pieces as its output
    /// takes them, and holds it past its end until the next one comes.
    public mutating func append(_ frame: WaveformFrame, sampleCount count: Int, to samples: inout [Int16]) {
        let rate = Double(sampleRate)
        let rampSamples = max(Double(sampleCount(at: ramp)), 1)
        let slew = 1 / rampSamples
        let glide = 1 / rampSamples
        let frames = max(count, 0)
        let first = samples.count
        samples.append(contentsOf: repeatElement(0, count: frames * Self.channelCount))
        // The frame's levels and frequencies, once per frame rather than per sample (each
        // frequency is a power).
        let (leftLevel, rightLevel) = (min(max(frame.left.amplitude, 0), 1), min(max(frame.right.amplitude, 0), 1))
        let (leftGoal, rightGoal) = (band.frequency(sharpness: frame.left.sharpness), band.frequency(sharpness: frame.right.sharpness))
        var (left, right) = (self.left, self.right)
        samples.withUnsafeMutableBufferPointer { buffer in
            for index in stride(from: first, to: first + frames * Self.channelCount, by: Self.channelCount) {
                buffer[index] = Self.pcm(left.next(towards: leftLevel, goal: leftGoal, slew: slew, glide: glide, sampleRate: rate))
                buffer[index + 1] = Self.pcm(right.next(towards: rightLevel, goal: rightGoal, slew: slew, glide: glide, sampleRate: rate))
            }
        }
        (self.left, self.right) = (left, right)
    }

    /// `value` (-1...1) as a signed 16-bit sample, rounded.
    /// (Half away from zero, as `rounded()`, but by truncation: no call into the C library,
    /// once per sample.)
    private static func pcm(_ value: Double) -> Int16 {
        let scaled = min(max(value, -1), 1) * Double(Int16.max)
        return Int16(scaled < 0 ? scaled - 0.5 : scaled + 0.5)
    }
}

extension WaveformSynthesizer {
    /// The interleaved samples of `track` played at `locality`: every frame in order
    /// (`WaveformFrame(_:at:split:)`), then `ramp` of silence so the actuators come to rest,
    /// as a stop leaves them.
    public mutating func samples(
        of track: RumbleTrack, at locality: Locality = .all, split: RenderSettings.MotorSplit = RenderSettings.MotorSplit()
    ) -> [Int16] {
        var samples: [Int16] = []
        for frame in track.frames { append(WaveformFrame(frame, at: locality, split: split), to: &samples) }
        let rest = RumbleFrame(start: track.duration, duration: ramp, strong: 0, weak: 0)
        append(WaveformFrame(rest, at: locality, split: split), to: &samples)
        return samples
    }
}
