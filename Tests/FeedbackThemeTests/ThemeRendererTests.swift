import FeedbackTheme
import HapticsModel
import Testing

@Suite struct ThemeRendererTests {
    let renderer = ThemeRenderer()

    private func levels(_ track: RumbleTrack) -> [[Double]] {
        track.frames.map { [$0.start.inMilliseconds, $0.duration.inMilliseconds, $0.strong, $0.weak].map { ($0 * 1e6).rounded() / 1e6 } }
    }

    /// `rumble = duration / count − pause`, `period = rumble + pause`, the feedback over at
    /// `duration` (`fbd_feedback_vibra_rumble_start_vibra`, src/fbd-feedback-vibra-rumble.c):
    /// Debian's message-new-email is three 150 ms pulses at 0, 250 and 500 ms, over at 750 ms.
    @Test func aRumblesDurationIsTheWholeFeedback() {
        let email = renderer.timeline(for: .rumble(duration: .milliseconds(750), count: 3, pause: .milliseconds(100), magnitude: 0.5))
        #expect(
            levels(email.track) == [[0, 150, 0.5, 0], [150, 100, 0, 0], [250, 150, 0.5, 0], [400, 100, 0, 0], [500, 150, 0.5, 0]])
        #expect(email.end == .milliseconds(750))
        let sms = renderer.timeline(for: .rumble(duration: .milliseconds(500), count: 2, pause: .milliseconds(100), magnitude: 0.5))
        #expect(levels(sms.track) == [[0, 150, 0.5, 0], [150, 100, 0, 0], [250, 150, 0.5, 0]])
        #expect(sms.end == .milliseconds(500))
    }

    @Test func rumbleEdgeCasesPlayAsDecided() {
        let equal = renderer.timeline(for: .rumble(duration: .milliseconds(300), count: 3, pause: .milliseconds(100), magnitude: 1))
        #expect(levels(equal.track) == [[0, 300, 1, 0]])
        #expect(equal.end == .milliseconds(300))
        let longEqual = renderer.timeline(for: .rumble(duration: .milliseconds(3000), count: 3, pause: .milliseconds(1000), magnitude: 1))
        #expect(levels(longEqual.track) == [[0, 1000, 1, 0]])
        let below = renderer.timeline(for: .rumble(duration: .milliseconds(100), count: 2, pause: .milliseconds(100), magnitude: 1))
        #expect(levels(below.track) == [[0, 100, 1, 0]])
        let none = renderer.timeline(for: .rumble(duration: .milliseconds(100), count: 0, pause: .zero, magnitude: 1))
        #expect(none.track.frames.isEmpty)
        #expect(none.end == .milliseconds(100))
    }

    /// feedbackd's periodic starts 200 ms late (`replay.delay`) and the kernel steps its
    /// fade-in every 50 ms (drivers/input/ff-memless.c); the duration timer stops it.
    @Test func periodicStartsAfterTheKernelsDelayAndFadesInIn50MillisecondSteps() {
        let timeline = renderer.timeline(
            for: .periodic(duration: .milliseconds(500), magnitude: 1, fadeInTime: .milliseconds(100), fadeInLevel: 0.2))
        #expect(levels(timeline.track) == [[0, 200, 0, 0], [200, 50, 0.2, 0.2], [250, 50, 0.6, 0.6], [300, 200, 1, 1]])
        #expect(timeline.end == .milliseconds(500))
        let short = renderer.timeline(for: .periodic(duration: .milliseconds(150), magnitude: 1, fadeInTime: .zero, fadeInLevel: 0))
        #expect(short.track.frames.isEmpty)
        #expect(short.end == .milliseconds(150))
    }

    /// `max-haptic-strength` (0.8) caps every level; a periodic's fade-in level keeps its
    /// ratio to the magnitude (`fbd_feedback_vibra_periodic_start_vibra`).
    @Test func theMaximumStrengthCapsLevels() {
        let capped = ThemeRenderer(maximumStrength: 0.4)
        let rumble = capped.timeline(for: .rumble(duration: .milliseconds(100), count: 1, pause: .zero, magnitude: 0.8))
        #expect(levels(rumble.track) == [[0, 100, 0.4, 0]])
        let periodic = capped.timeline(
            for: .periodic(duration: .milliseconds(300), magnitude: 0.8, fadeInTime: .milliseconds(50), fadeInLevel: 0.4))
        #expect(levels(periodic.track) == [[0, 200, 0, 0], [200, 50, 0.2, 0.2], [250, 50, 0.4, 0.4]])
    }

    @Test func aPatternPlaysEachStepAndEndsAfterTheirSum() {
        let timeline = renderer.timeline(
            for: .pattern([
                VibraStep(magnitude: 1, duration: .milliseconds(15)), VibraStep(magnitude: 0, duration: .milliseconds(10)),
                VibraStep(magnitude: 0.5, duration: .milliseconds(60)),
            ]))
        #expect(levels(timeline.track) == [[0, 15, 1, 0], [15, 10, 0, 0], [25, 60, 0.5, 0]])
        #expect(timeline.end == .milliseconds(85))
    }

    /// On a pad: both motors, pulses shorter than the minimum lengthened up to the next
    /// pulse, pauses shortened accordingly, the end unchanged.
    @Test func aPadPlaysBothMotorsAndShortPulsesLengthenedWithTheSameEnd() {
        let pattern = renderer.render(
            .pattern([
                VibraStep(magnitude: 1, duration: .milliseconds(15)), VibraStep(magnitude: 0, duration: .milliseconds(10)),
                VibraStep(magnitude: 0.5, duration: .milliseconds(60)), VibraStep(magnitude: 0, duration: .milliseconds(100)),
                VibraStep(magnitude: 0.2, duration: .milliseconds(5)),
            ]))
        #expect(levels(pattern.track) == [[0, 25, 1, 1], [25, 60, 0.5, 0.5], [85, 100, 0, 0], [185, 40, 0.2, 0.2]])
        #expect(pattern.end == .milliseconds(190))
        let button = renderer.render(.rumble(duration: .milliseconds(15), count: 1, pause: .zero, magnitude: 0.5))
        #expect(levels(button.track) == [[0, 40, 0.5, 0.5]])
        #expect(button.end == .milliseconds(15))
        let email = renderer.render(.rumble(duration: .milliseconds(750), count: 3, pause: .milliseconds(100), magnitude: 0.5))
        #expect(
            levels(email.track) == [
                [0, 150, 0.5, 0.5], [150, 100, 0, 0], [250, 150, 0.5, 0.5], [400, 100, 0, 0], [500, 150, 0.5, 0.5],
            ])
        #expect(email.end == .milliseconds(750))
    }

    @Test func hapticaPlacesEachImpactAtItsSlot() throws {
        let pattern = try #require(SlottedHapticaPattern("O-.", slot: .milliseconds(100)))
        let track = renderer.timeline(for: .haptics(PatternReference(source: .haptica(pattern)))).track
        let heavy = Renderer().render(Preset.impact(.heavy).pattern)
        let light = Renderer().render(Preset.impact(.light).pattern)
        #expect(track.frames.first?.strong == heavy.frames.first?.strong)
        #expect(track.frames.contains { $0.start == .milliseconds(200) && $0.strong == light.frames.first?.strong })
        #expect(track.duration == .milliseconds(300))
    }

    @Test func aPresetAtAnIntensityIsScaled() {
        let full = renderer.timeline(for: .haptics(PatternReference(source: .preset(.impact(.heavy))))).track
        let half = renderer.timeline(for: .haptics(PatternReference(source: .preset(.impact(.heavy)), intensity: 0.5))).track
        #expect(energy(of: half) < energy(of: full))
        #expect(energy(of: half) > 0)
    }

    /// A pattern file, AHAP or `.haptic` alike, renders as the engine renders the pattern, at
    /// the entry's intensity.
    @Test(arguments: [true, false]) func aPatternFileRendersAsTheEngineRendersItScaled(clip: Bool) {
        let pattern = Preset.notification(.success).pattern
        let source: PatternReference.Source = clip ? .haptic(path: "s.haptic", pattern: pattern) : .ahap(path: "s.ahap", pattern: pattern)
        let track = renderer.timeline(for: .haptics(PatternReference(source: source, intensity: 0.6))).track
        #expect(track == Renderer().render(pattern.scaled(by: 0.6)))
    }

    /// The sum of (strong² + weak²) × seconds over the track's frames.
    private func energy(of track: RumbleTrack) -> Double {
        track.frames.reduce(0) { $0 + ($1.strong * $1.strong + $1.weak * $1.weak) * $1.duration.inSeconds }
    }
}
