import HapticsTesting
import Synchronization
import Testing

@testable import HapticsModel
@testable import HapticsPlayback

@Suite struct ManualClockTests {
    @Test func sleepersWakeOnlyWhenTimeReachesTheirDeadline() async throws {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(until: .init(offset: .milliseconds(10))) }
        while clock.sleeperCount == 0 { await Task.yield() }
        await clock.advance(by: .milliseconds(9))
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .milliseconds(1))
        try await task.value
        #expect(clock.sleeperCount == 0)
        #expect(clock.now.offset == .milliseconds(10))
    }

    @Test func aDeadlineInThePastReturnsAtOnce() async throws {
        let clock = ManualClock()
        await clock.advance(by: .seconds(1))
        try await clock.sleep(until: .init(offset: .milliseconds(500)))
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellationWakesASleeperWithAnError() async {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(until: .init(offset: .seconds(1))) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func timeNeverGoesBackward() async {
        let clock = ManualClock()
        await clock.advance(to: .init(offset: .seconds(2)))
        await clock.advance(to: .init(offset: .seconds(1)))
        #expect(clock.now.offset == .seconds(2))
    }
}

@Suite struct ManualClockTimerTests {
    /// A timer that notes the clock's time each time it fires, and re-arms itself from its
    /// handler while `rearms` lasts.
    final class Ticker: Sendable {
        let fired = Mutex<[Duration]>([])
        let timer = Mutex<(any PlaybackTimer)?>(nil)

        init(clock: ManualClock, every step: Duration, times: Int) {
            let made = clock.makePlaybackTimer { [weak self] in
                guard let self else { return }
                let now = clock.now.offset
                let count = fired.withLock {
                    $0.append(now)
                    return $0.count
                }
                if count < times { timer.withLock { $0?.arm(at: now + step) } }
            }
            timer.withLock { $0 = made }
        }

        func arm(at offset: Duration) {
            timer.withLock { $0?.arm(at: offset) }
        }
    }

    @Test func advanceStepsTimeToEachDeadlineAndRunsWhatItArmsOnTheWay() async {
        let clock = ManualClock()
        let ticker = Ticker(clock: clock, every: .milliseconds(30), times: 5)
        ticker.arm(at: .milliseconds(10))
        await clock.advance(by: .milliseconds(100))
        #expect(ticker.fired.withLock { $0 } == [10, 40, 70, 100].map { Duration.milliseconds($0) })
        #expect(clock.now.offset == .milliseconds(100))
        await clock.run()
        #expect(ticker.fired.withLock { $0 }.last == .milliseconds(130))
        #expect(clock.now.offset == .milliseconds(130))
    }

    @Test func aDisarmedOrReplacedDeadlineDoesNotFire() async {
        let clock = ManualClock()
        let ticker = Ticker(clock: clock, every: .milliseconds(10), times: 1)
        ticker.arm(at: .milliseconds(50))
        ticker.arm(at: .milliseconds(20))
        await clock.advance(by: .milliseconds(100))
        #expect(ticker.fired.withLock { $0 } == [.milliseconds(20)])
        ticker.arm(at: .milliseconds(150))
        ticker.timer.withLock { $0?.disarm() }
        await clock.run()
        #expect(ticker.fired.withLock { $0 } == [.milliseconds(20)])
        #expect(clock.now.offset == .milliseconds(100))
    }

    @Test func runReturnsAtOnceWhenNothingIsScheduled() async {
        let clock = ManualClock()
        await clock.run()
        #expect(clock.now.offset == .zero)
    }
}
