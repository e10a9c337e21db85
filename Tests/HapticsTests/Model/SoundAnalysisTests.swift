import Foundation
import Testing

@testable import HapticsModel

@Suite struct SoundAnalysisTests {
    private let analysis = SoundAnalysis()

    @Test func clicksBecomeTransientsAndTheToneOneContinuousEvent() throws {
        let (samples, clicks, tone) = SoundFixtures.clicksAndTone()
        let pattern = analysis.pattern(for: Sound(sampleRate: 16000, samples: samples))
        let transients = pattern.events.filter { $0.kind == .transient }
        let continuous = pattern.events.filter { $0.kind != .transient }
        #expect(transients.count == clicks.count)
        for (event, click) in zip(transients, clicks) { #expect(abs(event.time - click) <= 0.01, "\(event.time) for \(click)") }
        #expect(transients.map(\.intensity) == transients.map(\.intensity).sorted(by: >))
        #expect(transients.allSatisfy { !$0.followsParameterCurves && $0.intensity > 0 })
        #expect(continuous.count == 1)
        let event = try #require(continuous.first)
        #expect(abs(event.time - tone.lowerBound) <= 0.03)
        #expect(abs(event.time + event.duration - tone.upperBound) <= 0.01)
    }

    @Test func intensityFollowsLoudnessAndSilenceStaysSilent() {
        let rate = 16000
        let samples =
            SoundFixtures.tone(440, seconds: 0.3, amplitude: 0.1, attack: 0.001) + SoundFixtures.silence(0.3)
            + SoundFixtures.tone(440, seconds: 0.3, amplitude: 0.8, attack: 0.001)
        let pattern = analysis.pattern(for: Sound(sampleRate: rate, samples: samples))
        #expect(pattern.events.filter { $0.kind != .transient }.count == 2)
        #expect(pattern.value(of: .intensity, at: 0.15) < pattern.value(of: .intensity, at: 0.75))
        #expect(pattern.events.allSatisfy { $0.time + $0.duration <= 0.31 || $0.time >= 0.6 })
        #expect(analysis.pattern(for: Sound(sampleRate: rate, samples: SoundFixtures.silence(1))).events.isEmpty)
    }

    @Test func aBrighterSoundIsSharper() {
        let sharpness = { (frequency: Double) in
            let pattern = analysis.pattern(for: Sound(sampleRate: 16000, samples: SoundFixtures.tone(frequency, seconds: 0.3)))
            return pattern.value(of: .sharpness, at: 0.2)
        }
        #expect(sharpness(150) < 0.2)
        #expect(sharpness(150) < sharpness(800))
        #expect(sharpness(800) < sharpness(3000))
        #expect(sharpness(3000) > 0.8)
    }

    /// `examples/ClicksAndTone.wav` holds `SoundFixtures.clicksAndTone()`; with
    /// `HAPTICS_WRITE_EXAMPLES=1` in the environment the test writes it first.
    @Test func theExampleFileIsTheFixturesSound() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/ClicksAndTone.wav")
        let bytes = SoundFixtures.wav([SoundFixtures.clicksAndTone().samples])
        if ProcessInfo.processInfo.environment["HAPTICS_WRITE_EXAMPLES"] == "1" { try Data(bytes).write(to: path) }
        #expect(try Data(contentsOf: path) == Data(bytes))
        #expect(bytes.count < 100_000)
    }
}
