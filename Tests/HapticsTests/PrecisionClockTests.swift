@testable import Haptics
import Testing

@Suite struct PrecisionClockTests {
    @Test func aSleepEndsNoEarlierThanItsDeadline() async throws {
        let clock = PrecisionClock()
        let deadline = clock.now.advanced(by: .milliseconds(20))
        try await clock.sleep(until: deadline)
        #expect(clock.now >= deadline)
    }

    @Test func anEarlierDeadlineWakesTheThreadWaitingForALaterOne() async throws {
        let clock = PrecisionClock()
        let timer = TimerThread.shared.makeTimerID()
        let far = clock.now.advanced(by: .seconds(60))
        TimerThread.shared.arm(timer: timer, at: far.sinceOrigin) {}
        defer { TimerThread.shared.disarm(timer: timer) }
        // Let the thread settle into its wait for the far deadline, then ask for a near one.
        try await clock.sleep(until: clock.now.advanced(by: .milliseconds(10)))
        let near = clock.now.advanced(by: .milliseconds(20))
        try await clock.sleep(until: near)
        #expect(clock.now >= near)
        #expect(clock.now < far)
    }

    /// Eight tasks sleeping at once on short, scattered deadlines, 40 times each: each new
    /// earliest deadline has to wake the thread waiting for a later one (or for nothing), from
    /// whichever thread arms it. A wake-up lost on the way would show as a sleep ending at some
    /// later deadline, or never (then the time limit fails it).
    @Test(.timeLimit(.minutes(1))) func concurrentSleepersEachWakeAtTheirOwnDeadline() async throws {
        let clock = PrecisionClock()
        let latest = try await withThrowingTaskGroup(of: Duration.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var random = SeededRandom(seed: UInt64(task))
                    var latest = Duration.zero
                    for _ in 0..<40 {
                        let deadline = clock.now.advanced(by: .microseconds(random.next(in: 100...3_000)))
                        try await clock.sleep(until: deadline)
                        let late = deadline.duration(to: clock.now)
                        #expect(late >= .zero)
                        latest = max(latest, late)
                    }
                    return latest
                }
            }
            return try await group.reduce(Duration.zero) { max($0, $1) }
        }
        // Generous for a shared machine's scheduling; a lost wake-up waits for another task's
        // deadline at best, for ever at worst.
        #expect(latest < .milliseconds(500))
    }

    @Test func cancellingASleeperWakesItWithAnError() async {
        let clock = PrecisionClock()
        let task = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(60))) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func aPlayerOnItSendsEveryFrameInOrder() async {
        let driver = RecordingDriver()
        let player = HapticPlayer(driver: driver, clock: PrecisionClock())
        #expect(await player.play(Renderer().render(Preset.notification(.error).pattern)).finished() == .completed)
        #expect(driver.frames.map(\.start) == [0, 80, 120, 200, 240, 400, 440, 480].map { Duration.milliseconds($0) }
            .map { $0 + (driver.frames.first?.start ?? .zero) })
    }
}
