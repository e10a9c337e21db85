import Synchronization
import Testing

@testable import HapticsModel
@testable import HapticsPlayback

/// The timer for clocks without timers of their own, on `ContinuousClock`. No figure of
/// timing is asserted: only that a deadline fires, the right one, and once.
@Suite struct SleepingTimerTests {
    private static func waitFor(_ condition: () -> Bool) async {
        for _ in 0..<500 where !condition() {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test func anEarlierDeadlineArmedDuringASleepFiresWithoutWaitingForTheLaterOne() async {
        let clock = ContinuousClock()
        let fired = Atomic<Int>(0)
        let timer = SleepingTimer(clock: clock) { fired.add(1, ordering: .sequentiallyConsistent) }
        timer.arm(at: timer.now + .seconds(60))
        try? await Task.sleep(for: .milliseconds(20))
        timer.arm(at: timer.now + .milliseconds(20))
        await Self.waitFor { fired.load(ordering: .sequentiallyConsistent) > 0 }
        #expect(fired.load(ordering: .sequentiallyConsistent) == 1)
        timer.disarm()
    }

    @Test func itFiresOncePerArmingAndNotWhenDisarmed() async {
        let clock = ContinuousClock()
        let fired = Atomic<Int>(0)
        let timer = SleepingTimer(clock: clock) { fired.add(1, ordering: .sequentiallyConsistent) }
        timer.arm(at: timer.now + .milliseconds(10))
        await Self.waitFor { fired.load(ordering: .sequentiallyConsistent) == 1 }
        timer.arm(at: timer.now + .milliseconds(10))
        await Self.waitFor { fired.load(ordering: .sequentiallyConsistent) == 2 }
        timer.arm(at: timer.now + .milliseconds(30))
        timer.disarm()
        try? await Task.sleep(for: .milliseconds(100))
        #expect(fired.load(ordering: .sequentiallyConsistent) == 2)
    }
}
