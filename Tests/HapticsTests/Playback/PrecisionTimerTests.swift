import Foundation
import Synchronization
import Testing

@testable import HapticsModel
@testable import HapticsPlayback

@Suite struct PrecisionTimerTests {
    /// Eight timers, each armed 40 times from a task on short, scattered deadlines: each arming
    /// comes from another thread than the timer's, while the timer's thread waits for nothing
    /// (or, through a reordering, for a later deadline), so it must ring the thread. Each handler
    /// measures, on the timer's thread, how late it runs: never early, and never as late as a
    /// wake-up lost on the way would make it (waiting for ever, which the time limit fails).
    @Test(.timeLimit(.minutes(1))) func timersArmedFromOtherThreadsEachFireAtTheirOwnDeadline() async {
        let lateness = await withTaskGroup(of: [Duration].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var random = SeededRandom(seed: UInt64(task))
                    let fired = Mutex<CheckedContinuation<Duration, Never>?>(nil)
                    let deadline = Mutex(MonotonicInstant(attoseconds: 0))
                    let timer = PrecisionClock.Timer {
                        let late = MonotonicInstant.now - deadline.withLock { $0 }
                        fired.withLock { $0.take() }?.resume(returning: late)
                    }
                    var lateness: [Duration] = []
                    for _ in 0..<40 {
                        let offset = timer.now + .microseconds(random.next(in: 100...3_000))
                        deadline.withLock { $0 = timer.epoch + offset }
                        lateness.append(
                            await withCheckedContinuation { continuation in
                                fired.withLock { $0 = continuation }
                                timer.arm(at: offset)
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

    @Test func anEarlierDeadlineWakesTheTimerWaitingForALaterOne() async throws {
        let clock = PrecisionClock()
        let firedAt = Mutex<[Duration]>([])
        let timer = PrecisionClock.Timer { firedAt.withLock { $0.append(MonotonicInstant.now.sinceOrigin) } }
        let far = clock.now.advanced(by: .seconds(60))
        timer.arm(at: far.monotonic - timer.epoch)
        // Let the thread settle into its wait for the far deadline, then ask for a near one.
        try await clock.sleep(until: clock.now.advanced(by: .milliseconds(10)))
        let near = clock.now.advanced(by: .milliseconds(20))
        timer.arm(at: near.monotonic - timer.epoch)
        try await clock.sleep(until: near.advanced(by: .milliseconds(200)))
        let fired = firedAt.withLock { $0 }
        #expect(fired.count == 1)
        #expect(fired.allSatisfy { $0 >= near.sinceOrigin && $0 < far.sinceOrigin })
    }

    @Test func aLaterDeadlineReplacesTheOneArmedBefore() async throws {
        let clock = PrecisionClock()
        let firedAt = Mutex<[Duration]>([])
        let timer = PrecisionClock.Timer { firedAt.withLock { $0.append(MonotonicInstant.now.sinceOrigin) } }
        let later = clock.now.advanced(by: .milliseconds(60))
        timer.arm(at: clock.now.advanced(by: .milliseconds(20)).monotonic - timer.epoch)
        timer.arm(at: later.monotonic - timer.epoch)
        try await clock.sleep(until: later.advanced(by: .milliseconds(200)))
        let fired = firedAt.withLock { $0 }
        #expect(fired.count == 1)
        #expect(fired.allSatisfy { $0 >= later.sinceOrigin })
    }

    @Test func aDisarmedTimerNeverCallsItsHandler() async throws {
        let clock = PrecisionClock()
        let calls = Mutex(0)
        let timer = PrecisionClock.Timer { calls.withLock { $0 += 1 } }
        timer.arm(at: clock.now.advanced(by: .milliseconds(20)).monotonic - timer.epoch)
        timer.disarm()
        try await clock.sleep(until: clock.now.advanced(by: .milliseconds(100)))
        #expect(calls.withLock { $0 } == 0)
    }

    @Test func aTimerDroppedWhileArmedNeverCallsItsHandler() async throws {
        let clock = PrecisionClock()
        let calls = Mutex(0)
        do {
            let timer = PrecisionClock.Timer { calls.withLock { $0 += 1 } }
            timer.arm(at: timer.now + .milliseconds(20))
        }
        try await clock.sleep(until: clock.now.advanced(by: .milliseconds(100)))
        #expect(calls.withLock { $0 } == 0)
    }

    @Test(.timeLimit(.minutes(1))) func aDeadlineAlreadyPastFiresAtOnce() async {
        let clock = PrecisionClock()
        let fired = Mutex<CheckedContinuation<Duration, Never>?>(nil)
        let start = clock.now
        // The time is read on the timer's own thread, as the handler runs: how soon the awaiting
        // task resumes depends on the shared pool, which the parallel tests keep busy.
        let timer = PrecisionClock.Timer { fired.withLock { $0.take() }?.resume(returning: start.duration(to: clock.now)) }
        let armedAt = start.advanced(by: .milliseconds(-5))
        let firedAfter = await withCheckedContinuation { continuation in
            fired.withLock { $0 = continuation }
            timer.arm(at: armedAt.monotonic - timer.epoch)
        }
        // At once: well within a shared machine's scheduling noise (a lost wake-up never fires).
        #expect(firedAfter < .milliseconds(500))
    }

    /// Its thread says what it is in `top -H` and `/proc`: not the name of whichever thread
    /// started it (a thread of Swift's pool, say), which a new thread would otherwise inherit.
    @Test(.timeLimit(.minutes(1))) func theHandlerRunsOnAThreadNamedHapticsTimer() async {
        let named = Mutex<CheckedContinuation<String, Never>?>(nil)
        let timer = PrecisionClock.Timer {
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            named.withLock { $0.take() }?.resume(returning: name)
        }
        let name = await withCheckedContinuation { continuation in
            named.withLock { $0 = continuation }
            timer.arm(at: timer.now)
        }
        #expect(name == "haptics-timer\n")
    }
}
