import CFutex
import Glibc

/// The thread behind `PrecisionClock`: it keeps the sleeping tasks and armed timers in
/// deadline order, waits for the earliest deadline (`CLOCK_MONOTONIC`, absolute), and wakes
/// each when its deadline passes: a task is resumed, a timer's handler runs right here. With
/// nothing to do it waits without a timeout, so an idle process is never woken.
///
/// The wait is one futex system call per deadline (`FUTEX_WAIT_BITSET` on an absolute
/// deadline, as `clock_nanosleep` sleeps), and only a new earliest deadline arriving from
/// another thread wakes it early, by changing the futex word. (A condition variable costs
/// more: glibc's timed wait takes its mutex back as contended, so every wake-up ends in one
/// more system call.)
///
/// A player's frames go out from timer handlers, on this thread: the frame is sent from the
/// very thread that noticed its deadline, with no hop to another thread, which keeps the tail
/// of the schedule error short on a busy machine.
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

    // Guarded by `mutex`; `@unchecked Sendable` because every access below holds it. Behind
    // pointers rather than in stored `var`s, so that their accesses (several a frame) skip the
    // runtime's exclusivity checks: the mutex already makes them exclusive. Deadlines are kept
    // as attoseconds on the monotonic clock: comparing two `Int128`s inlines, where comparing
    // two `Duration`s is a call into the standard library (several a frame).
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let queue = UnsafeMutablePointer<SleeperQueue<Int128>>.allocate(capacity: 1)
    private let sleep = UnsafeMutablePointer<Sleep>.allocate(capacity: 1)
    /// The futex word: changed (atomically, under the mutex) to wake the waiting thread.
    private let doorbell = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)

    private init() {
        queue.initialize(to: SleeperQueue())
        sleep.initialize(to: .awake)
        doorbell.initialize(to: 0)
        pthread_mutex_init(mutex, nil)
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
    private static var nowAttoseconds: Int128 {
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
        let id = locked { queue.pointee.reserveID() }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let (registered, ring) = locked {
                    let earliest = queue.pointee.insert(id: id, deadline: deadline, continuation: continuation)
                    return (earliest != nil, earliest == true && shouldRing(for: deadline))
                }
                if ring { cfutex_wake_one(doorbell) }
                if !registered { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            if case .task(let continuation) = locked({ queue.pointee.remove(id: id) })?.waker {
                continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// The id of a new timer.
    func makeTimerID() -> UInt64 {
        locked { queue.pointee.makeTimerID() }
    }

    /// Arms the timer `id`: `handler` runs on this thread once the monotonic clock reaches
    /// `deadline`.
    func arm(timer id: UInt64, at deadline: Duration, handler: @escaping @Sendable () -> Void) {
        let deadline = deadline.attoseconds
        let ring = locked {
            queue.pointee.arm(timer: id, at: deadline, handler: handler) && shouldRing(for: deadline)
        }
        if ring { cfutex_wake_one(doorbell) }
    }

    /// Disarms the timer `id`.
    func disarm(timer id: UInt64) {
        locked { queue.pointee.disarm(timer: id) }
    }

    /// Whether the waiting thread must be woken for a new earliest `deadline`: it waits for a
    /// later one, or for nothing. Changes the futex word if so (the caller wakes the thread
    /// after unlocking), and notes the new deadline, so that a later one rings no more.
    /// Called with the mutex held.
    private func shouldRing(for deadline: Int128) -> Bool {
        switch sleep.pointee {
        case .awake: return false
        case .until(let waited) where waited <= deadline: return false
        case .until, .forever:
            sleep.pointee = .until(deadline)
            cfutex_increment(doorbell)
            return true
        }
    }

    private func run() {
        pthread_mutex_lock(mutex)
        while true {
            // One due entry at a time, earliest first: no array is made per wake-up.
            if let due = queue.pointee.removeFirst(dueBy: Self.nowAttoseconds) {
                pthread_mutex_unlock(mutex)
                due.waker.wake()
                pthread_mutex_lock(mutex)
                continue
            }
            // The word read under the mutex: a deadline armed after the unlock changes it,
            // and the wait then returns at once.
            let ticket = cfutex_load(doorbell)
            guard let earliest = queue.pointee.earliest else {
                sleep.pointee = .forever
                pthread_mutex_unlock(mutex)
                _ = cfutex_wait_until(doorbell, ticket, nil)
                pthread_mutex_lock(mutex)
                sleep.pointee = .awake
                continue
            }
            sleep.pointee = .until(earliest)
            pthread_mutex_unlock(mutex)
            // Whole nanoseconds (rounded up, so the wait never ends short of the deadline) first,
            // in 128 bits, then split: one wide division per wait.
            let nanoseconds = Int64(truncatingIfNeeded: (earliest + 999_999_999) / 1_000_000_000)
            var until = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
            _ = cfutex_wait_until(doorbell, ticket, &until)
            pthread_mutex_lock(mutex)
            sleep.pointee = .awake
        }
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
