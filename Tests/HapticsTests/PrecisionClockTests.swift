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
        TimerThread.shared.arm(timer: timer, at: far.sinceOrigin.attoseconds) {}
        defer { TimerThread.shared.disarm(timer: timer) }
        // Let the thread settle into its wait for the far deadline, then ask for a near one.
        try await clock.sleep(until: clock.now.advanced(by: .milliseconds(10)))
        let near = clock.now.advanced(by: .milliseconds(20))
        try await clock.sleep(until: near)
        #expect(clock.now >= near)
        #expect(clock.now < far)
    }

    /// Eight tasks arming timers at once on short, scattered deadlines, 40 times each: each
    /// new earliest deadline has to wake the thread waiting for a later one (or for nothing),
    /// from whichever thread arms it. Each handler measures, on the timer thread itself, how
    /// late it runs: never early, and never as late as a wake-up lost on the way would make it
    /// (waiting for some later deadline, or for ever, which the time limit fails).
    @Test(.timeLimit(.minutes(1))) func concurrentTimersEachFireAtTheirOwnDeadline() async {
        let thread = TimerThread.shared
        let lateness = await withTaskGroup(of: [Duration].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var random = SeededRandom(seed: UInt64(task))
                    let timer = thread.makeTimerID()
                    var lateness: [Duration] = []
                    for _ in 0..<40 {
                        let deadline = TimerThread.now + .microseconds(random.next(in: 100...3_000))
                        lateness.append(await withCheckedContinuation { continuation in
                            thread.arm(timer: timer, at: deadline.attoseconds) { continuation.resume(returning: TimerThread.now - deadline) }
                        })
                    }
                    return lateness
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(lateness.count == 320)
        #expect(lateness.allSatisfy { $0 >= .zero })
        // Generous for a shared machine's scheduling noise, far below a lost wake-up's wait.
        #expect(lateness.max() ?? .zero < .milliseconds(500))
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
