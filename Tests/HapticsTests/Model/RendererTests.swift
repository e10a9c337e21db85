import Testing

@testable import HapticsModel
@testable import HapticsPlayback

@Suite struct RendererTests {
    private let renderer = Renderer()

    private func continuous(_ time: Double, _ duration: Double, intensity: Double = 1, sharpness: Double = 0.5) -> HapticEvent {
        HapticEvent(time: time, kind: .continuous(duration: duration), intensity: intensity, sharpness: sharpness)
    }

    @Test func aTransientBecomesAMinimumPulseRoundedUpToWholeSteps() {
        let settings = RenderSettings(step: .milliseconds(16), minimumTransientPulse: .milliseconds(40))
        let track = Renderer(settings: settings).render(HapticPattern(events: [HapticEvent(time: 0.032, kind: .transient)]))
        #expect(track.frames.map(\.start) == [.zero, .milliseconds(32)])
        #expect(track.frames.map(\.duration) == [.milliseconds(32), .milliseconds(48)])
        #expect(track.frames.map(\.strong) == [0, 1])
    }

    @Test func sharpnessSplitsAmplitudeBetweenTheMotors() {
        let dull = renderer.render(HapticPattern(events: [continuous(0, 0.01, sharpness: 0)]))
        let crisp = renderer.render(HapticPattern(events: [continuous(0, 0.01, sharpness: 1)]))
        expectFrames(dull.frames, [ExpectedFrame(0, 10, 1, 0)])
        expectFrames(crisp.frames, [ExpectedFrame(0, 10, 0, 1)])
    }

    @Test func theAttackRampsUpAndTheReleaseFadesOut() {
        var event = continuous(0, 0.05)
        event.attackTime = 0.02
        event.releaseTime = 0.02
        let linear = Renderer(settings: RenderSettings(response: .init(exponent: 1)))
        expectFrames(
            linear.render(HapticPattern(events: [event])).frames,
            [
                ExpectedFrame(0, 10, 0.25, 0.25), ExpectedFrame(10, 10, 0.75, 0.75), ExpectedFrame(20, 10, 1, 1),
                ExpectedFrame(30, 10, 0.75, 0.75), ExpectedFrame(40, 10, 0.25, 0.25),
            ])
    }

    @Test func aNonSustainedEventDecaysAfterItsAttack() {
        var event = continuous(0, 0.05)
        event.isSustained = false
        event.decayTime = 0.02
        let linear = Renderer(settings: RenderSettings(response: .init(exponent: 1)))
        expectFrames(
            linear.render(HapticPattern(events: [event])).frames,
            [
                ExpectedFrame(0, 10, 0.75, 0.75), ExpectedFrame(10, 10, 0.25, 0.25), ExpectedFrame(20, 30, 0, 0),
            ])
    }

    @Test func theIntensityCurveMultipliesAndTheSharpnessCurveAdds() {
        let pattern = HapticPattern(
            events: [continuous(0, 0.04, sharpness: 0.5)],
            curves: [
                ParameterCurve(control: .intensity, time: 0, points: [.init(time: 0, value: 1), .init(time: 0.04, value: 0)]),
                ParameterCurve(control: .sharpness, time: 0.02, points: [.init(time: 0, value: -0.5)]),
            ]
        )
        let linear = Renderer(settings: RenderSettings(response: .init(exponent: 1)))
        expectFrames(
            linear.render(pattern).frames,
            [
                ExpectedFrame(0, 10, 0.875, 0.875), ExpectedFrame(10, 10, 0.625, 0.625),
                ExpectedFrame(20, 10, 0.375, 0), ExpectedFrame(30, 10, 0.125, 0),
            ])
    }

    @Test func overlappingEventsAddAndClampAtOne() {
        let pattern = HapticPattern(events: [continuous(0, 0.03, intensity: 0.8), continuous(0.01, 0.01, intensity: 0.8)])
        expectFrames(
            renderer.render(pattern).frames,
            [
                ExpectedFrame(0, 10, 0.64, 0.64), ExpectedFrame(10, 10, 1, 1), ExpectedFrame(20, 10, 0.64, 0.64),
            ])
    }

    @Test func silenceBeforeAndBetweenEventsIsExplicit() {
        let pattern = HapticPattern(events: [continuous(0.02, 0.01), continuous(0.05, 0.01)])
        expectFrames(
            renderer.render(pattern).frames,
            [
                ExpectedFrame(0, 20, 0, 0), ExpectedFrame(20, 10, 1, 1), ExpectedFrame(30, 20, 0, 0), ExpectedFrame(50, 10, 1, 1),
            ])
    }

    @Test func anEmptyPatternRendersAnEmptyTrack() {
        #expect(renderer.render(HapticPattern(events: [])) == .empty)
    }

    /// Random patterns, same seed every run: the track's rules hold for every input.
    @Test(arguments: 0..<200)
    func tracksAreContiguousBoundedMergedAndAsLongAsThePattern(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        var events: [HapticEvent] = []
        for _ in 0..<random.next(in: 1...12) {
            var event =
                random.next(in: 0...1) == 0
                ? HapticEvent(time: random.unit() * 2, kind: .transient)
                : HapticEvent(time: random.unit() * 2, kind: .continuous(duration: random.unit() * 1.5))
            event.intensity = random.unit()
            event.sharpness = random.unit()
            event.attackTime = random.unit() * 0.3
            event.releaseTime = random.unit() * 0.3
            event.decayTime = random.unit() * 0.3
            event.isSustained = random.next(in: 0...1) == 0
            events.append(event)
        }
        let curves = (0..<random.next(in: 0...3)).map { _ in
            ParameterCurve(
                control: random.next(in: 0...1) == 0 ? .intensity : .sharpness, time: random.unit() * 2,
                points: (0..<random.next(in: 1...5)).map { _ in .init(time: random.unit(), value: random.unit() * 2 - 1) })
        }
        let pattern = HapticPattern(events: events, curves: curves)
        let settings = RenderSettings(step: .milliseconds(random.next(in: 5...20)))
        let track = Renderer(settings: settings).render(pattern)

        var expectedStart = Duration.zero
        for (index, frame) in track.frames.enumerated() {
            #expect(frame.start == expectedStart)
            #expect(frame.duration > .zero)
            #expect((0...1).contains(frame.strong) && (0...1).contains(frame.weak))
            if index > 0 {
                let previous = track.frames[index - 1]
                #expect(previous.strong != frame.strong || previous.weak != frame.weak)
            }
            expectedStart = frame.end
        }
        let transientEnd =
            pattern.events.filter { $0.kind == .transient }.map { $0.time + settings.minimumTransientPulse.inSeconds }.max() ?? 0
        let end = max(pattern.duration, transientEnd)
        #expect(abs(track.duration.inSeconds - end) <= settings.step.inSeconds * 1.5 + 0.0001)
    }
}

/// The attack, decay and release time controls (AHAP's `HapticAttackTimeControl` and
/// siblings) scale those times of the events that start under them, by 4^value.
@Suite struct RendererTimeControlTests {
    private let renderer = Renderer()

    /// A 200 ms continuous event at 0 with an 80 ms attack; its first step's level.
    private func firstStepLevel(_ curves: [ParameterCurve]) -> Double {
        let event = HapticEvent(time: 0, kind: .continuous(duration: 0.2), attackTime: 0.08)
        return renderer.render(HapticPattern(events: [event], curves: curves)).frames.first?.strong ?? -1
    }

    @Test func anAttackTimeControlOfOneMakesTheAttackFourTimesAsLong() {
        // Sampled at 5 ms: 5/80 of full intensity without control, 5/320 with it; amplitude is intensity².
        let plain = firstStepLevel([])
        let slower = firstStepLevel([ParameterCurve(control: .attackTime, time: 0, points: [.init(time: 0, value: 1)])])
        let faster = firstStepLevel([ParameterCurve(control: .attackTime, time: 0, points: [.init(time: 0, value: -1)])])
        #expect(abs(plain - (5.0 / 80) * (5.0 / 80)) < 1e-12)
        #expect(abs(slower - (5.0 / 320) * (5.0 / 320)) < 1e-12)
        #expect(abs(faster - (5.0 / 20) * (5.0 / 20)) < 1e-12)
    }

    @Test func aTimeControlActsOnlyOnEventsThatStartUnderIt() {
        let early = HapticEvent(time: 0, kind: .continuous(duration: 0.1), attackTime: 0.05)
        let late = HapticEvent(time: 0.2, kind: .continuous(duration: 0.1), attackTime: 0.05)
        let control = ParameterCurve(control: .attackTime, time: 0.1, points: [.init(time: 0, value: 1)])
        let track = renderer.render(HapticPattern(events: [early, late], curves: [control]))
        let plain = renderer.render(HapticPattern(events: [early, late]))
        #expect(track.frames.prefix { $0.start < .milliseconds(100) } == plain.frames.prefix { $0.start < .milliseconds(100) })
        let lateStart = { (track: RumbleTrack) in track.frames.first { $0.start == .milliseconds(200) }?.strong ?? -1 }
        #expect(abs(lateStart(plain) - (5.0 / 50) * (5.0 / 50)) < 1e-12)
        #expect(abs(lateStart(track) - (5.0 / 200) * (5.0 / 200)) < 1e-12)
    }
}

/// A small deterministic generator (SplitMix64), so property tests see the same inputs on
/// every run.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &+ 0x9E37_79B9_7F4A_7C15
    }

    mutating func nextRaw() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func unit() -> Double {
        Double(nextRaw() >> 11) / Double(1 << 53)
    }

    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(nextRaw() % UInt64(range.count))
    }
}
