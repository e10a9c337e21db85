import HapticsTesting
import Synchronization
import Testing

@testable public import HapticsModel
@testable import HapticsPlayback

@Suite struct PlayerCoreTests {
    private let renderer = Renderer()
    private func track(_ preset: Preset) -> RumbleTrack { renderer.render(preset.pattern) }

    @Test func playsEveryFrameAtItsDeadlineThenFallsSilent() async {
        let clock = ManualClock()
        let driver = RecordingDriver()
        let player = HapticEngine(driver: driver, clock: clock)
        let handle = player.play(track(.notification(.success)))
        await clock.advance(by: .seconds(1))
        #expect(await handle.finished() == .completed)
        expectFrames(
            driver.frames,
            [
                ExpectedFrame(0, 40, 0.16, 0.16), ExpectedFrame(40, 80, 0, 0), ExpectedFrame(120, 240, 1, 1), ExpectedFrame(360, 0, 0, 0),
            ])
    }

    /// The core's timer holds the core (and so the driver); letting the player go ends the
    /// timer, so nothing more is sent and the driver goes, even with a playback that would
    /// never end.
    @Test func aPlayerLetGoWhilePlayingForeverSendsNothingMoreAndLetsItsDriverGo() async {
        let clock = ManualClock()
        weak var released: RecordingDriver?
        let driver = RecordingDriver()
        released = driver
        do {
            let player = HapticEngine(driver: driver, clock: clock)
            _ = player.play(track(.notification(.warning)), repetition: .forever)
            await clock.advance(by: .milliseconds(500))
        }
        let sent = driver.frames.count
        await clock.advance(by: .seconds(5))
        #expect(sent > 0)
        #expect(driver.frames.count == sent)
        _ = consume driver
        #expect(released == nil)
    }

    @Test(.timeLimit(.minutes(1))) func aPlayerOnThePrecisionClockLetGoWhilePlayingForeverLetsItsDriverGo() async throws {
        weak var released: RecordingDriver?
        do {
            let driver = RecordingDriver()
            released = driver
            let player = HapticEngine(driver: driver, clock: PrecisionClock())
            _ = player.play(track(.notification(.warning)), repetition: .forever)
            try await Task.sleep(for: .milliseconds(400))
            #expect(driver.frames.count > 1)
        }
        // The timer's thread lets the core go once it is done with a frame it may be sending:
        // at once, give or take a shared machine's scheduling.
        for _ in 0..<400 where released != nil { try await Task.sleep(for: .milliseconds(5)) }
        #expect(released == nil)
    }

    @Test func theFirstFrameGoesOutBeforePlayReturns() {
        let driver = RecordingDriver()
        let player = HapticEngine(driver: driver, clock: ManualClock())
        _ = player.play(track(.impact(.heavy)))
        expectFrames(driver.frames, [ExpectedFrame(0, 60, 1, 1)])
    }

    @Test func anImpactDuringAPatternAddsOnTop() async {
        let clock = ManualClock()
        let driver = RecordingDriver()
        let player = HapticEngine(driver: driver, clock: clock)
        let pattern = player.play(track(.impact(.medium)))
        await clock.advance(to: .init(offset: .milliseconds(5)))
        let impact = player.play(track(.impact(.light)))
        await clock.advance(by: .seconds(1))
        #expect(await pattern.finished() == .completed)
        #expect(await impact.finished() == .completed)
        expectFrames(
            driver.frames,
            [
                ExpectedFrame(0, 50, 0.49, 0.49), ExpectedFrame(5, 40, 0.65, 0.65), ExpectedFrame(45, 5, 0.49, 0.49),
                ExpectedFrame(50, 0, 0, 0),
            ])
    }

    @Test func theMixIsClampedAtOne() {
        let driver = RecordingDriver()
        let player = HapticEngine(driver: driver, clock: ManualClock())
        _ = player.play(track(.impact(.heavy)))
        _ = player.play(track(.impact(.heavy)))
        #expect(driver.frames.last?.strong == 1)
        #expect(driver.frames.last?.weak == 1)
    }

    @Test func stopTurnsTheMotorsOffAtOnceAndEndsEveryPlayback() async {
        let clock = ManualClock()
        let driver = RecordingDriver()
        let player = HapticEngine(driver: driver, clock: clock)
        let first = player.play(track(.impact(.heavy)))
        let second = player.play(track(.notification(.warning)), repetition: .forever)
        await clock.advance(to: .init(offset: .milliseconds(50)))
        player.stop()
        #expect(driver.entries.last == .stop)
        #expect(await first.finished() == .stopped)
        #expect(await second.finished() == .stopped)
        let count = driver.entries.count
        await clock.advance(by: .seconds(5))
        #expect(driver.entries.count == count)
    }

    @Test func stoppingOnePlaybackLeavesTheOthers() async {
        let clock = ManualClock()
        let driver = RecordingDriver()
        let player = HapticEngine(driver: driver, clock: clock)
        let long = player.play(track(.impact(.heavy)))
        let short = player.play(track(.impact(.medium)))
        await clock.advance(to: .init(offset: .milliseconds(20)))
        short.stop()
        #expect(await short.finished() == .stopped)
        await clock.advance(by: .seconds(1))
        #expect(await long.finished() == .completed)
        expectFrames(
            driver.frames,
            [
                ExpectedFrame(0, 60, 1, 1), ExpectedFrame(0, 50, 1, 1), ExpectedFrame(20, 40, 1, 1), ExpectedFrame(60, 0, 0, 0),
            ])
    }

    @Test func beyondTheVoiceLimitTheOldestPlaybackGivesWay() async {
        let driver = RecordingDriver()
        let player = HapticEngine(driver: driver, clock: ManualClock(), maximumVoices: 2)
        let first = player.play(track(.impact(.heavy)))
        let second = player.play(track(.impact(.medium)))
        let third = player.play(track(.impact(.light)))
        #expect(await first.finished() == .stopped)
        #expect(!second.isFinished && !third.isFinished)
        expectFrames(Array(driver.frames.suffix(1)), [ExpectedFrame(0, 40, 0.65, 0.65)])
        player.stop()
    }

    @Test func theMasterGainTravelsWithEachFrame() {
        let driver = RecordingDriver()
        let player = HapticEngine(driver: driver, clock: ManualClock())
        player.setGain(0.5)
        _ = player.play(track(.impact(.heavy)))
        player.setGain(2)
        #expect(driver.frames.map(\.gain) == [0.5, 1])
        #expect(driver.frames.first?.scaledStrong == 0.5)
        #expect(player.gain == 1)
    }

    @Test func loopsACountMergingEqualLevelsAcrossRepetitions() async {
        let clock = ManualClock()
        let driver = RecordingDriver()
        let player = HapticEngine(driver: driver, clock: clock)
        let light = player.play(track(.impact(.light)), repetition: .count(3))
        let error = player.play(track(.notification(.success)), repetition: .count(2))
        await clock.advance(by: .seconds(2))
        #expect(await light.finished() == .completed)
        #expect(await error.finished() == .completed)
        expectFrames(
            driver.frames,
            [
                ExpectedFrame(0, 120, 0.16, 0.16), ExpectedFrame(0, 40, 0.32, 0.32), ExpectedFrame(40, 80, 0.16, 0.16),
                ExpectedFrame(120, 240, 1, 1), ExpectedFrame(360, 40, 0.16, 0.16), ExpectedFrame(400, 80, 0, 0),
                ExpectedFrame(480, 240, 1, 1), ExpectedFrame(720, 0, 0, 0),
            ])
    }

    @Test func aHeldLevelIsResentBeforePadsStopOnTheirOwn() async {
        let clock = ManualClock()
        let driver = RecordingDriver()
        let player = HapticEngine(driver: driver, clock: clock, refreshInterval: .seconds(2))
        _ = player.play(track(.impact(.heavy)), repetition: .forever)
        for second in 1...6 {
            await clock.advance(to: .init(offset: .seconds(second)))
        }
        #expect(driver.frames.allSatisfy { $0.duration <= .seconds(2) })
        player.stop()
    }

    @Test func anEmptyTrackCompletesAtOnceAndSendsNothing() async {
        let driver = RecordingDriver()
        let player = HapticEngine(driver: driver, clock: ManualClock())
        #expect(await player.play(.empty).finished() == .completed)
        #expect(driver.entries.isEmpty)
    }

    @Test func aFailingDriverEndsThePlaybackWithItsError() async {
        struct Unplugged: Error {}
        let player = HapticEngine(driver: FailingDriver(error: Unplugged()), clock: ManualClock())
        let outcome = await player.play(track(.impact(.heavy))).finished()
        guard case .failed(let error) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error is Unplugged)
    }

    /// Ten minutes of a 10 ms-step track on a clock that always wakes late by up to 3 ms:
    /// every frame still goes out at its exact deadline, and lateness never accumulates.
    @Test func doesNotDriftOverATenMinuteLoop() async {
        let clock = LateWakingClock(maximumLateness: .milliseconds(3))
        let driver = TimestampingDriver(clock: clock)
        let player = HapticEngine(driver: driver, clock: clock)
        let pattern = HapticPattern(
            events: (0..<100).map {
                HapticEvent(time: Double($0) / 100, kind: .continuous(duration: 0.01), intensity: $0 % 2 == 0 ? 1 : 0.5)
            })
        let second = Renderer().render(pattern)
        #expect(second.frames.count == 100)
        let outcome = await player.play(second, repetition: .count(600)).finished()
        #expect(outcome == .completed)
        let sent = driver.sent
        #expect(sent.count == 60_001)
        for (index, (frame, at)) in sent.enumerated() {
            guard frame.start == .milliseconds(10 * index), at >= frame.start, at - frame.start <= .milliseconds(3) else {
                Issue.record("frame \(index) due at \(frame.start) went out at \(at)")
                return
            }
        }
        #expect(sent.last?.0.start == .seconds(600))
    }
}

extension PlaybackOutcome: Equatable {
    /// The same case; two failures are never equal (errors are not comparable).
    public static func == (lhs: PlaybackOutcome, rhs: PlaybackOutcome) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed), (.stopped, .stopped): true
        default: false
        }
    }
}

/// A driver whose every apply fails.
struct FailingDriver: HapticDriver {
    let error: any Error
    func prepare() throws { throw error }
    func apply(_ frame: RumbleFrame) throws { throw error }
    func stop() {}
    func close() {}
}

/// A driver that notes when, on its clock, each frame arrived.
final class TimestampingDriver: HapticDriver {
    private let clock: LateWakingClock
    private let log = Mutex<[(RumbleFrame, Duration)]>([])

    init(clock: LateWakingClock) {
        self.clock = clock
    }

    var sent: [(RumbleFrame, Duration)] { log.withLock { $0 } }

    func prepare() {}
    func apply(_ frame: RumbleFrame) {
        let now = clock.now.offset
        log.withLock { $0.append((frame, now)) }
    }
    func stop() {}
    func close() {}
}

/// A clock on which every sleep ends at once, but late by a pseudo-random 0...maximum, as a
/// busy machine wakes a sleeping thread.
final class LateWakingClock: Clock {
    typealias Instant = ManualClock.Instant
    private let state = Mutex((now: Duration.zero, random: SeededRandom(seed: 7)))
    let maximumLateness: Duration

    init(maximumLateness: Duration) {
        self.maximumLateness = maximumLateness
    }

    var now: Instant { Instant(offset: state.withLock { $0.now }) }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        state.withLock { state in
            let lateness = maximumLateness * state.random.unit()
            state.now = max(state.now, deadline.offset + lateness)
        }
    }
}
