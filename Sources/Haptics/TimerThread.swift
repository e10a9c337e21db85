import CFutex
import Glibc
import Synchronization

/// The thread behind `PrecisionClock`'s sleeps: it keeps the sleeping tasks in deadline order,
/// waits for the earliest deadline (`CLOCK_MONOTONIC`, absolute), and resumes each when its
/// deadline passes. With nothing to do it waits without a timeout, so an idle process is never
/// woken. (A player's timer has a thread of its own: `PrecisionClock.Timer`.)
///
/// The wait is one futex system call per deadline (`FUTEX_WAIT_BITSET` on an absolute
/// deadline, as `clock_nanosleep` sleeps), and only a new earliest deadline arriving from
/// another thread wakes it early, by changing the futex word. (A condition variable costs
/// more: glibc's timed wait takes its mutex back as contended, so every wake-up ends in one
/// more system call.)
final class TimerThread: @unchecked Sendable {
    /// The one timer thread of the process.
    static let shared = TimerThread()

    /// How the thread is waiting, as the ones who arm deadlines need to know.
    private enum Sleep {
        /// Not waiting: it looks at the queue before it waits again.
        case awake
        /// Waiting for this deadline (attoseconds on the monotonic clock).
        case until(Int128)
        /// Waiting with nothing scheduled.
        case forever
    }

    /// What the lock guards: the entries in deadline order (as attoseconds on the monotonic
    /// clock: comparing two `Int128`s inlines, where comparing two `Duration`s is a call into
    /// the standard library, several a frame), and how the thread is waiting.
    private struct State: Sendable {
        var queue = SleeperQueue<Int128>()
        var sleep = Sleep.awake
    }

    /// What the thread does next, decided under the lock and done after it.
    private enum Step {
        /// Wake what was due.
        case wake(SleeperQueue<Int128>.Waker)
        /// Wait until the deadline (for nothing, without one) unless the futex word has moved
        /// on from the ticket.
        case wait(ticket: UInt32, until: Int128?)
    }

    private let state = Mutex(State())
    /// The futex word: changed (atomically, under the lock) to wake the waiting thread. Behind
    /// a pointer, since the kernel waits on its address. `@unchecked Sendable` for it: only
    /// atomic operations touch it.
    private let doorbell = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)

    private init() {
        doorbell.initialize(to: 0)
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<TimerThread>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        precondition(status == 0, "cannot start the haptics timer thread: \(Errno(status))")
        pthread_detach(thread)
    }

    /// The monotonic clock's time, as the deadlines are given.
    static var now: Duration {
        Duration(attoseconds: nowAttoseconds)
    }

    /// The monotonic clock's time in attoseconds: built in 128-bit integers, which inline (the
    /// player and this thread read the time on every frame).
    static var nowAttoseconds: Int128 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int128(time.tv_sec) &* 1_000_000_000_000_000_000 &+ Int128(time.tv_nsec) &* 1_000_000_000
    }

    /// The kernel's resolution for `CLOCK_MONOTONIC`.
    static var resolution: Duration {
        var resolution = timespec()
        clock_getres(CLOCK_MONOTONIC, &resolution)
        return .seconds(resolution.tv_sec) + .nanoseconds(resolution.tv_nsec)
    }

    /// Suspends the calling task until the monotonic clock reaches `deadline`.
    func sleep(until deadline: Duration) async throws {
        let deadline = deadline.attoseconds
        let id = state.withLock { $0.queue.reserveID() }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let (registered, ring) = state.withLock { state in
                    let earliest = state.queue.insert(id: id, deadline: deadline, continuation: continuation)
                    return (earliest != nil, earliest == true && shouldRing(for: deadline, in: &state))
                }
                if ring { cfutex_wake_one(doorbell) }
                if !registered { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            if case .task(let continuation) = state.withLock({ $0.queue.remove(id: id) })?.waker {
                continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Whether the waiting thread must be woken for a new earliest `deadline`: it waits for a
    /// later one, or for nothing. Changes the futex word if so (the caller wakes the thread
    /// after unlocking), and notes the new deadline, so that a later one rings no more.
    /// Called with the lock held.
    private func shouldRing(for deadline: Int128, in state: inout State) -> Bool {
        switch state.sleep {
        case .awake: return false
        case .until(let waited) where waited <= deadline: return false
        case .until, .forever:
            state.sleep = .until(deadline)
            cfutex_increment(doorbell)
            return true
        }
    }

    private func run() {
        while true {
            let step = state.withLock { state -> Step in
                // Back from a wait or a wake-up: it looks at the queue before it waits again.
                state.sleep = .awake
                // One due entry at a time, earliest first: no array is made per wake-up.
                if let due = state.queue.removeFirst(dueBy: Self.nowAttoseconds) { return .wake(due.waker) }
                // The word read under the lock: a deadline armed after the unlock changes it,
                // and the wait then returns at once.
                let ticket = cfutex_load(doorbell)
                let earliest = state.queue.earliest
                state.sleep = earliest.map { .until($0) } ?? .forever
                return .wait(ticket: ticket, until: earliest)
            }
            switch step {
            case .wake(let waker):
                waker.wake()
            case .wait(let ticket, nil):
                _ = cfutex_wait_until(doorbell, ticket, nil)
            case .wait(let ticket, let deadline?):
                // Whole nanoseconds (rounded up, so the wait never ends short of the deadline)
                // first, in 128 bits, then split: one wide division per wait.
                let nanoseconds = Int64(truncatingIfNeeded: (deadline + 999_999_999) / 1_000_000_000)
                var until = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
                _ = cfutex_wait_until(doorbell, ticket, &until)
            }
        }
    }
}
