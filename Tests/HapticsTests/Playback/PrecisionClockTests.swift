import Foundation
import HapticsTesting
import Testing

@testable import HapticsModel
@testable import HapticsPlayback

@Suite struct PrecisionClockTests {
    @Test func aSleepEndsNoEarlierThanItsDeadline() async throws {
        let clock = PrecisionClock()
        let deadline = clock.now.advanced(by: .milliseconds(20))
        try await clock.sleep(until: deadline)
        #expect(clock.now >= deadline)
    }

    /// The thread that wakes sleepers is named, as `top -H` and `/proc` show it.
    @Test func itsSleepsAreWokenByAThreadNamedHapticsSleeps() async throws {
        let clock = PrecisionClock()
        try await clock.sleep(until: clock.now.advanced(by: .milliseconds(1)))
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
        let names = tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
        #expect(names.contains("haptics-sleeps\n"))
    }

    @Test func anEarlierDeadlineWakesTheThreadWaitingForALaterOne() async throws {
        let clock = PrecisionClock()
        let far = clock.now.advanced(by: .seconds(60))
        let farSleeper = Task { try await clock.sleep(until: far) }
        defer { farSleeper.cancel() }
        // Let the thread settle into its wait for the far deadline, then ask for a near one.
        try await clock.sleep(until: clock.now.advanced(by: .milliseconds(10)))
        let near = clock.now.advanced(by: .milliseconds(20))
        try await clock.sleep(until: near)
        #expect(clock.now >= near)
        #expect(clock.now < far)
    }

    @Test func cancellingASleeperWakesItWithAnError() async {
        let clock = PrecisionClock()
        let task = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(60))) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func aPlayerOnItSendsEveryFrameInOrder() async {
        let driver = RecordingDriver()
        let player = HapticEngine(driver: driver, clock: PrecisionClock())
        #expect(await player.play(Renderer().render(Preset.notification(.error).pattern)).finished() == .completed)
        #expect(
            driver.frames.map(\.start)
                == [0, 80, 120, 200, 240, 400, 440, 480].map { Duration.milliseconds($0) }
                .map { $0 + (driver.frames.first?.start ?? .zero) })
    }
}
