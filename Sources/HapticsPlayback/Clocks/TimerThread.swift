import Glibc
import HapticsModel
import HapticsPlatform
import Synchronization

/// The thread behind `PrecisionClock`'s sleeps: it keeps the sleeping tasks in deadline order,
/// waits for the earliest deadline (`CLOCK_MONOTONIC`, absolute), and resumes each when its
/// deadline passes. With nothing to do it waits without a timeout, so an idle process is never
/// woken. (A player's timer has a thread of its own: `PrecisionClock.Timer`.)
///
/// It waits on a `Doorbell`: one system call per deadline, and only a new earliest deadline
/// arriving from another thread wakes it early.
final class TimerThread: Sendable {
    /// The one timer thread of the process.
    static let shared = TimerThread()

    /// What the lock guards: the entries in deadline order, and how the thread is waiting.
    private struct State: Sendable {
        var queue = SleeperQueue()
        var sleep = Doorbell.Sleep.awake
    }

    /// What the thread does next, decided under the lock and done after it.
    private enum Step {
        /// Wake what was due.
        case wake(SleeperQueue.Waker)
        /// Wait until the deadline (for nothing, without one) unless the doorbell has rung since
        /// the ticket was read.
        case wait(ticket: UInt32, until: MonotonicInstant?)
    }

    private let state = Mutex(State())
    private let doorbell = Doorbell()

    /// The thread's name.
    static let threadName = "haptics-sleeps"

    private init() {
        startDetachedThread(named: Self.threadName) { self.run() }
    }

    /// Suspends the calling task until the monotonic clock reaches `deadline`.
    func sleep(until deadline: MonotonicInstant) async throws {
        let id = state.withLock { $0.queue.reserveID() }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let (registered, ring) = state.withLock { state in
                    let earliest = state.queue.insert(id: id, deadline: deadline.sinceOrigin, continuation: continuation)
                    return (earliest != nil, earliest == true && doorbell.rings(for: deadline, &state.sleep))
                }
                if ring { doorbell.wake() }
                if !registered { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            if case .task(let continuation) = state.withLock({ $0.queue.remove(id: id) })?.waker {
                continuation.resume(throwing: CancellationError())
            }
        }
    }

    private func run() {
        while true {
            let step = state.withLock { state -> Step in
                // Back from a wait or a wake-up: it looks at the queue before it waits again.
                state.sleep = .awake
                // One due entry at a time, earliest first: no array is made per wake-up.
                if let due = state.queue.removeFirst(dueBy: MonotonicInstant.now.sinceOrigin) { return .wake(due.waker) }
                let earliest = state.queue.earliest.map { MonotonicInstant(attoseconds: $0.attoseconds) }
                state.sleep = Doorbell.Sleep(until: earliest)
                return .wait(ticket: doorbell.ticket, until: earliest)
            }
            switch step {
            case .wake(let waker): waker.wake()
            case .wait(let ticket, let deadline): doorbell.wait(ticket: ticket, until: deadline)
            }
        }
    }
}
