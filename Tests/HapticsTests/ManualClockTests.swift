import Haptics
import Testing

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
