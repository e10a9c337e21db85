import Testing

@testable import HapticsModel

@Suite struct WaveformSynthesizerTests {
    /// The interleaved samples of `frames`, appended one after the other.
    private func synthesize(_ frames: [WaveformFrame], sampleRate: Int = 48_000) -> [Int16] {
        var synthesizer = WaveformSynthesizer(sampleRate: sampleRate)
        var samples: [Int16] = []
        for frame in frames { synthesizer.append(frame, to: &samples) }
        return samples
    }

    /// A frame of `milliseconds` playing `amplitude` and `sharpness` on both sides.
    private func frame(_ milliseconds: Int, amplitude: Double, sharpness: Double = 0.5) -> WaveformFrame {
        let character = FrameCharacter(amplitude: amplitude, sharpness: sharpness)
        return WaveformFrame(start: .zero, duration: .milliseconds(milliseconds), left: character, right: character)
    }

    /// One channel (0 left, 1 right) of interleaved stereo samples.
    private func channel(_ samples: [Int16], _ index: Int) -> [Int16] {
        stride(from: index, to: samples.count, by: 2).map { samples[$0] }
    }

    /// The frequency of `samples` at 48 kHz, measured by counting rising zero crossings.
    private func frequency(_ samples: [Int16]) -> Double {
        let crossings = zip(samples, samples.dropFirst()).filter { $0.0 < 0 && $0.1 >= 0 }.count
        return Double(crossings) * 48_000 / Double(samples.count)
    }

    @Test func theBandMapsSharpnessExponentiallyOverMoreThanTwoOctaves() {
        let band = VoiceCoilBand()
        #expect(band.frequency(sharpness: 0) == 60)
        #expect(abs(band.frequency(sharpness: 1) - 400) < 1e-9)
        #expect(abs(band.frequency(sharpness: 0.5) - (60 * 400).squareRoot()) < 1e-9)
        #expect(band.highest / band.lowest >= 4)
        #expect(band.frequency(sharpness: -1) == 60 && band.frequency(sharpness: .nan) == 60)
    }

    @Test func aFrameGetsExactlyItsDurationOfSamplesWithoutDrift() {
        var synthesizer = WaveformSynthesizer()
        var samples: [Int16] = []
        let third = WaveformFrame(
            start: .zero, duration: .nanoseconds(3_333_333), left: FrameCharacter(amplitude: 1, sharpness: 0.5),
            right: FrameCharacter(amplitude: 1, sharpness: 0.5))
        for _ in 0..<300 { synthesizer.append(third, to: &samples) }
        #expect(samples.count == 2 * 47_999 || samples.count == 2 * 48_000)
        #expect(synthesize([frame(5, amplitude: 1)]).count == 2 * 240)
    }

    @Test func theDominantFrequencyRisesWithSharpness() {
        let measured = [0.0, 0.25, 0.5, 0.75, 1.0].map { sharpness in
            frequency(channel(synthesize([frame(500, amplitude: 1, sharpness: sharpness)]), 0))
        }
        #expect(zip(measured, measured.dropFirst()).allSatisfy { $0.0 < $0.1 }, "\(measured)")
        #expect(abs(measured[0] - 60) <= 4 && abs(measured[4] - 400) <= 4, "\(measured)")
    }

    @Test func theAmplitudeFollowsTheFramesAmplitude() {
        let peaks = [0.25, 0.5, 1.0].map { amplitude in
            channel(synthesize([frame(100, amplitude: amplitude)]), 1).map { abs(Int($0)) }.max() ?? 0
        }
        #expect(abs(peaks[0] - 8192) <= 40 && abs(peaks[1] - 16384) <= 40 && abs(peaks[2] - 32767) <= 40, "\(peaks)")
    }

    @Test func frameEdgesMakeNoDiscontinuity() {
        let frames = [
            frame(5, amplitude: 1, sharpness: 1), frame(5, amplitude: 0.1, sharpness: 0), frame(5, amplitude: 1, sharpness: 0),
            frame(5, amplitude: 0), frame(5, amplitude: 1, sharpness: 1), frame(5, amplitude: 0),
        ]
        let left = channel(synthesize(frames), 0).map(Int.init)
        let steps = zip(left, left.dropFirst()).map { abs($0.1 - $0.0) }
        // A full-scale 400 Hz sine moves at most 2π · 400 / 48,000 of full scale per sample;
        // a 3 ms ramp adds at most 1/144 of it.
        let bound = Int(32_767 * (2 * Double.pi * 400 / 48_000 + 1.0 / 144)) + 2
        #expect(steps.max() ?? 0 <= bound, "largest step \(steps.max() ?? 0), bound \(bound)")
        #expect(left.suffix(1) == [0])
    }

    @Test func aTransientsEnergyLiesWithin30Milliseconds() {
        let settings = RenderSettings(step: .milliseconds(5), pad: .dualSenseVoiceCoils)
        let track = Renderer(settings: settings).render(HapticPattern(events: [HapticEvent(time: 0, kind: .transient, sharpness: 0.8)]))
        var frames = track.frames.map { WaveformFrame($0, at: .all) }
        frames.append(WaveformFrame(RumbleFrame(start: track.duration, duration: .milliseconds(100), strong: 0, weak: 0), at: .all))
        let left = channel(synthesize(frames), 0).map { Double($0) * Double($0) }
        let total = left.reduce(0, +)
        let early = left.prefix(30 * 48).reduce(0, +)
        #expect(total > 0)
        #expect(early / total > 0.999, "\(early / total)")
        let cycles = frequency(Array(channel(synthesize(frames), 0).prefix(15 * 48))) * 0.015
        #expect(cycles >= 2, "\(cycles) cycles")
    }

    @Test func aSilentPatternIsAllZeros() {
        let samples = synthesize([frame(50, amplitude: 0, sharpness: 0.2), frame(50, amplitude: 0, sharpness: 0.9)])
        #expect(samples.count == 2 * 4_800)
        #expect(samples.allSatisfy { $0 == 0 })
    }

    @Test(arguments: [
        (Locality.all, true, true), (.handles, true, true), (.leftHandle, true, false), (.rightHandle, false, true),
        (.triggers, false, false), (.leftTrigger, false, false),
    ])
    func aLocalityPlaysItsSides(locality: Locality, left: Bool, right: Bool) {
        let rumble = RumbleFrame(start: .milliseconds(10), duration: .milliseconds(20), strong: 0.8, weak: 0.4, gain: 0.5)
        let waveform = WaveformFrame(rumble, at: locality)
        #expect(waveform.start == .milliseconds(10) && waveform.duration == .milliseconds(20))
        #expect(waveform.left.amplitude == (left ? 0.4 : 0))
        #expect(waveform.right.amplitude == (right ? 0.4 : 0))
        #expect(waveform.left.sharpness == 0.25 && waveform.right.sharpness == 0.25)
        let samples = synthesize([waveform])
        #expect(channel(samples, 0).contains { $0 != 0 } == left)
        #expect(channel(samples, 1).contains { $0 != 0 } == right)
    }
}
