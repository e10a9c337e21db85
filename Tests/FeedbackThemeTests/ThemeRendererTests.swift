import FeedbackTheme
import HapticsModel
import Testing

@Suite struct ThemeRendererTests {
    let renderer = ThemeRenderer()

    private func levels(_ track: RumbleTrack) -> [[Double]] {
        track.frames.map { [$0.start.inMilliseconds, $0.duration.inMilliseconds, $0.strong, $0.weak].map { ($0 * 1e6).rounded() / 1e6 } }
    }

    @Test func rumblePulsesArePauseApartWithNoTrailingPause() {
        let track = renderer.track(for: .rumble(duration: .milliseconds(100), count: 3, pause: .milliseconds(50), magnitude: 0.5))
        #expect(levels(track) == [[0, 100, 0.5, 0.5], [100, 50, 0, 0], [150, 100, 0.5, 0.5], [250, 50, 0, 0], [300, 100, 0.5, 0.5]])
    }

    @Test func pulsesShorterThanTheMinimumAreLengthenedButPausesAreNot() {
        let track = renderer.track(
            for: .pattern([
                VibraStep(magnitude: 1, duration: .milliseconds(15)), VibraStep(magnitude: 0, duration: .milliseconds(10)),
                VibraStep(magnitude: 0.5, duration: .milliseconds(60)),
            ]))
        #expect(levels(track) == [[0, 40, 1, 1], [40, 10, 0, 0], [50, 60, 0.5, 0.5]])
    }

    @Test func periodicFadesInInSteps() {
        let track = renderer.track(
            for: .periodic(duration: .milliseconds(100), magnitude: 1, fadeInTime: .milliseconds(20), fadeInLevel: 0))
        #expect(levels(track) == [[0, 10, 0.25, 0.25], [10, 10, 0.75, 0.75], [20, 80, 1, 1]])
    }

    @Test func hapticaPlacesEachImpactAtItsSlot() throws {
        let pattern = try #require(SlottedHapticaPattern("O-.", slot: .milliseconds(100)))
        let track = renderer.track(for: .haptics(PatternReference(source: .haptica(pattern))))
        let heavy = Renderer().render(Preset.impact(.heavy).pattern)
        let light = Renderer().render(Preset.impact(.light).pattern)
        #expect(track.frames.first?.strong == heavy.frames.first?.strong)
        #expect(track.frames.contains { $0.start == .milliseconds(200) && $0.strong == light.frames.first?.strong })
        #expect(track.duration == .milliseconds(300))
    }

    @Test func aPresetAtAnIntensityIsScaled() {
        let full = renderer.track(for: .haptics(PatternReference(source: .preset(.impact(.heavy)))))
        let half = renderer.track(for: .haptics(PatternReference(source: .preset(.impact(.heavy)), intensity: 0.5)))
        #expect(energy(of: half) < energy(of: full))
        #expect(energy(of: half) > 0)
    }

    /// A pattern file, AHAP or `.haptic` alike, renders as the engine renders the pattern, at
    /// the entry's intensity.
    @Test(arguments: [true, false]) func aPatternFileRendersAsTheEngineRendersItScaled(clip: Bool) {
        let pattern = Preset.notification(.success).pattern
        let source: PatternReference.Source = clip ? .haptic(path: "s.haptic", pattern: pattern) : .ahap(path: "s.ahap", pattern: pattern)
        let track = renderer.track(for: .haptics(PatternReference(source: source, intensity: 0.6)))
        #expect(track == Renderer().render(pattern.scaled(by: 0.6)))
    }

    /// The sum of (strong² + weak²) × seconds over the track's frames.
    private func energy(of track: RumbleTrack) -> Double {
        track.frames.reduce(0) { $0 + ($1.strong * $1.strong + $1.weak * $1.weak) * $1.duration.inSeconds }
    }
}
