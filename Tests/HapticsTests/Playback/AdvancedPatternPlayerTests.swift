import Haptics
import HapticsTesting
import Testing

@Suite struct AdvancedPatternPlayerTests {
    /// Four 100 ms continuous events at intensities 1, 0.8, 0.6 and 0.4: levels 1, 0.64,
    /// 0.36 and 0.16 on both motors (amplitude is intensity²).
    static let steps = HapticPattern(
        events: [1, 0.8, 0.6, 0.4].enumerated().map { index, intensity in
            HapticEvent(time: Double(index) / 10, kind: .continuous(duration: 0.1), intensity: intensity)
        })

    private let clock = ManualClock()
    private let driver = RecordingDriver()
    private var engine: HapticEngine { HapticEngine(driver: driver, clock: clock) }

    private func frames() -> [ExpectedFrame] {
        driver.frames.map {
            ExpectedFrame(
                Int($0.start.inMilliseconds.rounded()), Int($0.duration.inMilliseconds.rounded()), ($0.strong * 1e4).rounded() / 1e4,
                ($0.weak * 1e4).rounded() / 1e4)
        }
    }

    private func expectOutcome(_ player: AdvancedPatternPlayer, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let name =
            switch player.outcome {
            case .completed?: "completed"
            case .stopped?: "stopped"
            case .failed?: "failed"
            case nil: "none"
            }
        #expect(name == expected, sourceLocation: sourceLocation)
    }

    @Test func untouchedItPlaysExactlyWhatThePatternRenders() async throws {
        for file in [
            "unityplugins__Heartbeats.ahap", "Haptic-Tests__Sparkle.ahap", "unityplugins__Texture.ahap", "NiceVibrations__17_points.ahap",
        ] {
            let pattern = try AHAPLoader.load(contentsOf: Fixtures.corpus(file)).pattern
            let plainDriver = RecordingDriver()
            let plainClock = ManualClock()
            let plainEngine = HapticEngine(driver: plainDriver, clock: plainClock)
            plainEngine.play(pattern)
            await plainClock.run()
            let advancedDriver = RecordingDriver()
            let advancedClock = ManualClock()
            let player = HapticEngine(driver: advancedDriver, clock: advancedClock).makeAdvancedPlayer(for: pattern)
            try player.start(atTime: 0)
            await advancedClock.run()
            let difference = zip(advancedDriver.frames, plainDriver.frames).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(
                advancedDriver.frames == plainDriver.frames,
                "\(file): \(advancedDriver.frames.count) against \(plainDriver.frames.count) frames, first difference \(String(describing: difference))"
            )
            expectOutcome(player, "completed")
        }
    }

    @Test func startingLaterStartsThen() async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        try player.start(atTime: 0.25)
        await clock.advance(by: .milliseconds(200))
        #expect(driver.frames.isEmpty)
        await clock.run()
        expectFrames(
            driver.frames,
            [
                ExpectedFrame(250, 100, 1, 1), ExpectedFrame(350, 100, 0.64, 0.64), ExpectedFrame(450, 100, 0.36, 0.36),
                ExpectedFrame(550, 100, 0.16, 0.16), ExpectedFrame(650, 0, 0, 0),
            ])
    }

    @Test func seekingIntoTheMiddleOfAnEventPlaysOnFromThere() async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        try player.start(atTime: 0)
        await clock.advance(by: .milliseconds(50))
        try player.seek(toOffset: 0.25)
        await clock.run()
        expectFrames(
            driver.frames,
            [
                ExpectedFrame(0, 100, 1, 1), ExpectedFrame(50, 50, 0.36, 0.36), ExpectedFrame(100, 100, 0.16, 0.16),
                ExpectedFrame(200, 0, 0, 0),
            ])
        expectOutcome(player, "completed")
    }

    @Test func aSeekBeforeTheStartIsWhereItStarts() async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        try player.seek(toOffset: 0.3)
        try player.start(atTime: 0)
        await clock.run()
        expectFrames(driver.frames, [ExpectedFrame(0, 100, 0.16, 0.16), ExpectedFrame(100, 0, 0, 0)])
    }

    @Test func pauseHoldsTheMotorsOffAndResumeGoesOnWhereItWas() async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        try player.start(atTime: 0)
        try player.pause(atTime: 0.15)
        try player.resume(atTime: 0.5)
        await clock.advance(by: .milliseconds(400))
        expectFrames(driver.frames, [ExpectedFrame(0, 100, 1, 1), ExpectedFrame(100, 50, 0.64, 0.64), ExpectedFrame(150, 0, 0, 0)])
        #expect(player.outcome == nil)
        await clock.run()
        expectFrames(
            Array(driver.frames.dropFirst(3)),
            [
                ExpectedFrame(500, 50, 0.64, 0.64), ExpectedFrame(550, 100, 0.36, 0.36), ExpectedFrame(650, 100, 0.16, 0.16),
                ExpectedFrame(750, 0, 0, 0),
            ])
        expectOutcome(player, "completed")
    }

    @Test func aLoopRangePlaysOverUntilStopped() async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        player.loopEnabled = true
        player.loopEnd = 0.2
        try player.start(atTime: 0)
        try player.stop(atTime: 0.5)
        await clock.run()
        expectFrames(
            driver.frames,
            [
                ExpectedFrame(0, 100, 1, 1), ExpectedFrame(100, 100, 0.64, 0.64), ExpectedFrame(200, 100, 1, 1),
                ExpectedFrame(300, 100, 0.64, 0.64),
                ExpectedFrame(400, 100, 1, 1), ExpectedFrame(500, 0, 0, 0),
            ])
        expectOutcome(player, "stopped")
    }

    @Test(arguments: [1.0, 2, 0.7, 3])
    func aCountedLoopCompletesExactlyAtTheEndOfItsLastPass(rate: Double) async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        player.loopEnabled = true
        player.loopEnd = 0.2
        player.loopRepetition = .count(2)
        player.playbackRate = rate
        try player.start(atTime: 0)
        await clock.run()
        let frames = driver.frames
        let step = Duration.milliseconds(100) / rate
        let levels = [1, 0.64, 1, 0.64]
        #expect(frames.count == 5, "\(frames)")
        for (index, (frame, level)) in zip(frames, levels).enumerated() {
            #expect(abs((frame.start - step * index).inMilliseconds) < 1e-9 && abs(frame.strong - level) < 1e-9, "\(index): \(frame)")
            #expect(abs((frame.duration - step).inMilliseconds) < 1e-9, "\(index): \(frame)")
        }
        let last = try #require(frames.last)
        #expect(last.isSilent && last.duration == .zero && last.start == frames[3].end)
        expectOutcome(player, "completed")
    }

    @Test(arguments: [0.3, 0.7, 1.3, 3.7])
    func atARateThatRoundsEveryPresetPlaysItsTrackScaled(rate: Double) async throws {
        // These rates do not divide the 10 ms step evenly: a boundary's position, multiplied
        // back, can fall short of its step by a rounding.
        for preset in Preset.allCases {
            let driver = RecordingDriver()
            let engine = HapticEngine(instantDriver: driver)
            let player = engine.makeAdvancedPlayer(for: preset.pattern)
            player.playbackRate = rate
            try player.start(atTime: 0)
            engine.playToEnd()
            let track = engine.track(for: preset.pattern)
            let expected =
                track.frames.map { RumbleFrame(start: $0.start / rate, duration: $0.duration / rate, strong: $0.strong, weak: $0.weak) }
                + [RumbleFrame(start: track.duration / rate, duration: .zero, strong: 0, weak: 0)]
            let frames = driver.frames
            let matches =
                frames.count == expected.count
                && zip(frames, expected).allSatisfy {
                    abs(($0.start - $1.start).inMilliseconds) < 1e-6 && abs(($0.duration - $1.duration).inMilliseconds) < 1e-6
                        && $0.strong == $1.strong && $0.weak == $1.weak
                }
            #expect(matches, "\(preset.name) at \(rate): \(frames) against \(expected)")
        }
    }

    @Test func aLoopCanStartLaterThanZero() async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        player.loopEnabled = true
        player.loopStart = 0.2
        player.loopEnd = 0.4
        try player.seek(toOffset: 0.2)
        try player.start(atTime: 0)
        try player.stop(atTime: 0.4)
        await clock.run()
        expectFrames(
            driver.frames,
            [
                ExpectedFrame(0, 100, 0.36, 0.36), ExpectedFrame(100, 100, 0.16, 0.16), ExpectedFrame(200, 100, 0.36, 0.36),
                ExpectedFrame(300, 100, 0.16, 0.16), ExpectedFrame(400, 0, 0, 0),
            ])
    }

    @Test(arguments: [(2.0, 50), (0.5, 200)])
    func theRateScalesTimesAndNotLevels(rate: Double, stepMs: Int) async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        player.playbackRate = rate
        try player.start(atTime: 0)
        await clock.run()
        expectFrames(
            driver.frames,
            [
                ExpectedFrame(0, stepMs, 1, 1), ExpectedFrame(stepMs, stepMs, 0.64, 0.64), ExpectedFrame(2 * stepMs, stepMs, 0.36, 0.36),
                ExpectedFrame(3 * stepMs, stepMs, 0.16, 0.16), ExpectedFrame(4 * stepMs, 0, 0, 0),
            ])
    }

    @Test func aRateChangeMidwayKeepsThePosition() async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        try player.start(atTime: 0)
        await clock.advance(by: .milliseconds(150))
        player.playbackRate = 2
        await clock.run()
        expectFrames(
            driver.frames,
            [
                ExpectedFrame(0, 100, 1, 1), ExpectedFrame(100, 100, 0.64, 0.64),
                ExpectedFrame(175, 50, 0.36, 0.36), ExpectedFrame(225, 50, 0.16, 0.16), ExpectedFrame(275, 0, 0, 0),
            ])
        #expect(player.playbackRate == 2)
        player.playbackRate = 100
        #expect(player.playbackRate == 4)
    }

    @Test func mutedItKeepsTimeAndSendsSilence() async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        player.isMuted = true
        try player.start(atTime: 0)
        await clock.advance(by: .milliseconds(200))
        player.isMuted = false
        await clock.run()
        expectFrames(
            driver.frames,
            [
                ExpectedFrame(0, 400, 0, 0), ExpectedFrame(200, 100, 0.36, 0.36), ExpectedFrame(300, 100, 0.16, 0.16),
                ExpectedFrame(400, 0, 0, 0),
            ])
        expectOutcome(player, "completed")
    }

    @Test func parametersSentMidEventChangeWhatPlaysFromThen() async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        try player.start(atTime: 0)
        await clock.advance(by: .milliseconds(50))
        try player.sendParameters([DynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0)], atTime: 0)
        await clock.run()
        expectFrames(
            driver.frames,
            [
                ExpectedFrame(0, 100, 1, 1), ExpectedFrame(50, 50, 0.25, 0.25), ExpectedFrame(100, 100, 0.16, 0.16),
                ExpectedFrame(200, 100, 0.09, 0.09), ExpectedFrame(300, 100, 0.04, 0.04), ExpectedFrame(400, 0, 0, 0),
            ])
    }

    @Test func sharpnessSentAheadMovesTheLevelsBetweenTheMotors() async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        try player.sendParameters([DynamicParameter(parameterID: .hapticSharpnessControl, value: -0.5, relativeTime: 0.1)], atTime: 0.2)
        try player.start(atTime: 0)
        await clock.run()
        // From 300 ms, sharpness 0: the strong motor only.
        expectFrames(
            driver.frames,
            [
                ExpectedFrame(0, 100, 1, 1), ExpectedFrame(100, 100, 0.64, 0.64), ExpectedFrame(200, 100, 0.36, 0.36),
                ExpectedFrame(300, 100, 0.16, 0), ExpectedFrame(400, 0, 0, 0),
            ])
    }

    @Test func aCurveScheduledAheadIsFollowedFromItsTime() async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        let fade = ParameterCurve(
            parameterID: .hapticIntensityControl,
            controlPoints: [
                .init(relativeTime: 0, value: 1), .init(relativeTime: 0.2, value: 0),
            ], relativeTime: 0)
        try player.scheduleParameterCurve(fade, atTime: 0.1)
        try player.start(atTime: 0)
        await clock.run()
        let played = frames()
        #expect(
            Array(played.prefix(3)) == [
                ExpectedFrame(0, 100, 1, 1), ExpectedFrame(100, 10, 0.64, 0.64), ExpectedFrame(110, 10, 0.5776, 0.5776),
            ])
        // 200 ms: intensity 0.6 under half the control: 0.3² = 0.09; from 300 ms, silence.
        #expect(played.first { $0.startMs == 200 } == ExpectedFrame(200, 10, 0.09, 0.09))
        #expect(played.last == ExpectedFrame(400, 0, 0, 0))
        #expect(played.contains(ExpectedFrame(300, 100, 0, 0)))
    }

    @Test func anAttackTimeControlSentLengthensTheEventsThatStartAfterIt() async throws {
        let ramp = HapticPattern(events: [
            HapticEvent(time: 0, kind: .continuous(duration: 0.1), attackTime: 0.04),
            HapticEvent(time: 0.2, kind: .continuous(duration: 0.1), attackTime: 0.04),
        ])
        let player = engine.makeAdvancedPlayer(for: ramp)
        try player.start(atTime: 0)
        await clock.advance(by: .milliseconds(20))
        try player.sendParameters([DynamicParameter(parameterID: .hapticAttackTimeControl, value: 1)], atTime: 0)
        await clock.run()
        let played = frames()
        // The first event had begun: its attack stays 40 ms (step 2 at 25/40); the second ramps over 160 ms.
        #expect(played.first { $0.startMs == 20 }?.strong == ((25.0 / 40) * (25.0 / 40) * 1e4).rounded() / 1e4)
        #expect(played.first { $0.startMs == 200 }?.strong == ((5.0 / 160) * (5.0 / 160) * 1e4).rounded() / 1e4)
    }

    @Test func itMixesWithEverythingElseTheEnginePlays() async throws {
        let engine = self.engine
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        try player.start(atTime: 0)
        await clock.advance(by: .milliseconds(250))
        engine.impact(.light)
        await clock.run()
        // 0.36 + 0.16 (a light impact) while both play.
        #expect(frames().first { $0.startMs == 250 } == ExpectedFrame(250, 40, 0.52, 0.52))
    }

    @Test func stoppingTheEngineStopsTheRun() async throws {
        let engine = self.engine
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        try player.start(atTime: 0)
        engine.stop()
        expectOutcome(player, "stopped")
        await clock.run()
        #expect(driver.entries.last == .stop)
    }

    @Test func aReleasedPlayerFallsSilentAtOnce() async throws {
        let engine = self.engine
        var player: AdvancedPatternPlayer? = engine.makeAdvancedPlayer(for: Self.steps)
        try player?.start(atTime: 0)
        await clock.advance(by: .milliseconds(50))
        player = nil
        await clock.run()
        expectFrames(driver.frames, [ExpectedFrame(0, 100, 1, 1), ExpectedFrame(50, 0, 0, 0)])
    }

    @Test func aSecondStartEndsTheFirstRunAndBeginsAnother() async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        try player.start(atTime: 0)
        await clock.advance(by: .milliseconds(50))
        try player.start(atTime: 0)
        expectOutcome(player, "none")
        await clock.run()
        expectOutcome(player, "completed")
        expectFrames(
            driver.frames,
            [
                ExpectedFrame(0, 100, 1, 1), ExpectedFrame(50, 100, 1, 1), ExpectedFrame(150, 100, 0.64, 0.64),
                ExpectedFrame(250, 100, 0.36, 0.36),
                ExpectedFrame(350, 100, 0.16, 0.16), ExpectedFrame(450, 0, 0, 0),
            ])
    }

    @Test func badTimesAndValuesAreRefusedAndChangeNothing() async throws {
        let player = engine.makeAdvancedPlayer(for: Self.steps)
        #expect(throws: AdvancedPlayerError.invalidTime(name: "atTime", value: -1)) { try player.start(atTime: -1) }
        #expect(throws: AdvancedPlayerError.self) { try player.seek(toOffset: .nan) }
        #expect(throws: AdvancedPlayerError.self) {
            try player.sendParameters([DynamicParameter(parameterID: .hapticIntensityControl, value: .nan)], atTime: 0)
        }
        #expect(throws: AdvancedPlayerError.self) { try player.stop(atTime: .infinity) }
        await clock.run()
        #expect(driver.frames.isEmpty)
        expectOutcome(player, "none")
    }

    /// Random sequences of calls at random times: no frame outside 0...1, frames in time
    /// order, time only moves forward, and every run ends with one outcome.
    @Test(arguments: 0..<30)
    func randomCallsKeepTheRules(seed: Int) async throws {
        var random = SeededRandom(seed: UInt64(seed) + 100)
        let clock = ManualClock()
        let driver = RecordingDriver()
        let engine = HapticEngine(driver: driver, clock: clock)
        let pattern = try AHAPLoader.load(contentsOf: Fixtures.corpus("unityplugins__Heartbeats.ahap")).pattern
        let players = (0..<2).map { _ in engine.makeAdvancedPlayer(for: pattern) }
        var runs: [Task<PlaybackOutcome?, Never>] = []
        var started: Set<Int> = []
        for _ in 0..<60 {
            let which = random.next(in: 0...1)
            let player = players[which]
            let at = random.unit() * 0.3
            switch random.next(in: 0...10) {
            case 0:
                try player.start(atTime: at)
                started.insert(which)
                runs.append(Task { await player.finished() })
            case 1: try player.stop(atTime: at)
            case 2: try player.pause(atTime: at)
            case 3: try player.resume(atTime: at)
            case 4: try player.seek(toOffset: random.unit() * 2)
            case 5:
                player.loopEnabled.toggle()
                player.loopEnd = random.unit() * 1.5
            case 6: player.playbackRate = 0.25 + random.unit() * 3.75
            case 7: player.isMuted.toggle()
            case 8: try player.sendParameters([DynamicParameter(parameterID: .hapticIntensityControl, value: random.unit())], atTime: at)
            case 9:
                try player.scheduleParameterCurve(
                    ParameterCurve(
                        parameterID: .hapticSharpnessControl,
                        controlPoints: [
                            .init(relativeTime: 0, value: -1), .init(relativeTime: random.unit(), value: 1),
                        ]), atTime: at)
            default: engine.impact(.light)
            }
            await clock.advance(by: .milliseconds(random.next(in: 0...80)))
        }
        engine.stop()
        await clock.run()
        let frames = driver.frames
        #expect(frames.allSatisfy { (0...1).contains($0.strong) && (0...1).contains($0.weak) })
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.start <= $1.start })
        #expect(frames.allSatisfy { $0.start <= clock.now.offset })
        for run in runs { #expect(await run.value != nil) }
        for index in started { #expect(players[index].outcome != nil) }
    }
}

@Suite struct ReadmeAdvancedPlayerExampleTests {
    /// The advanced player article's example (Haptics.docc), word for word, on a manual clock.
    private static func example(engine: HapticEngine, loaded: LoadedPattern) async throws -> AdvancedPatternPlayer {
        let player = engine.makeAdvancedPlayer(for: loaded.pattern)
        player.loopEnabled = true  // from 0 (or loopStart) to loopEnd
        player.loopEnd = 1.5  // seconds of the pattern; 0: its end
        player.playbackRate = 2  // 0.25...4: times scale, levels do not
        try player.start(atTime: 0)  // times: seconds from now (0: at once)
        try player.sendParameters([DynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0)], atTime: 0.2)
        try player.scheduleParameterCurve(
            ParameterCurve(
                parameterID: .hapticSharpnessControl,
                controlPoints: [.init(relativeTime: 0, value: -0.5), .init(relativeTime: 1, value: 0.5)]), atTime: 0)
        try player.pause(atTime: 1)
        try player.resume(atTime: 2)  // motors off meanwhile, then on from there
        try player.seek(toOffset: 0.25)  // playing or paused; before a start, where it starts
        player.isMuted = true  // keeps time, sends silence
        try player.stop(atTime: 3)
        _ = await player.finished()  // each start's run ends with one outcome
        return player
    }

    @Test func theReadmeExampleRunsToItsStop() async throws {
        let clock = ManualClock()
        let driver = RecordingDriver()
        let engine = HapticEngine(driver: driver, clock: clock)
        let loaded = try AHAPLoader.load(contentsOf: Fixtures.corpus("unityplugins__Heartbeats.ahap"))
        let example = Task { try await Self.example(engine: engine, loaded: loaded) }
        for _ in 0..<1000 {
            await clock.advance(by: .milliseconds(10))
            await Task.yield()
        }
        let player = try await example.value
        guard case .stopped? = player.outcome else {
            Issue.record("expected the run to end at its stop, got \(String(describing: player.outcome))")
            return
        }
        let first = try #require(driver.frames.first)
        let last = try #require(driver.frames.last)
        #expect(last.start == first.start + .seconds(3) && last.isSilent)
        #expect(driver.frames.contains { !$0.isSilent })
    }
}
