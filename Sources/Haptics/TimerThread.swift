import Glibc
import SwiftOverlayShims

/// The thread behind `PrecisionClock`: it keeps the sleeping tasks and armed timers in
/// deadline order, waits on a condition variable for the earliest deadline
/// (`CLOCK_MONOTONIC`, absolute), and wakes each when its deadline passes: a task is resumed,
/// a timer's handler runs right here. With nothing to do it waits without a timeout, so an
/// idle process is never woken.
///
/// A player's frames go out from timer handlers, on this thread: the frame is sent from the
/// very thread that noticed its deadline, with no hop to another thread, which keeps the tail
/// of the schedule error short on a busy machine.
final class TimerThread: @unchecked Sendable {
    /// The one timer thread of the process.
    static let shared = TimerThread()

    // Guarded by `mutex`; `@unchecked Sendable` because every access below holds it.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Behind a pointer rather than in a stored `var`, so that its accesses (several a frame)
    /// skip the runtime's exclusivity checks: the mutex already makes them exclusive.
    private let queue = UnsafeMutablePointer<SleeperQueue<Duration>>.allocate(capacity: 1)

    private init() {
        queue.initialize(to: SleeperQueue())
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<TimerThread>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        precondition(status == 0, "cannot start the haptics timer thread: \(String(cString: strerror(status)))")
        pthread_detach(thread)
    }

    /// The monotonic clock's time, as the deadlines are given.
    static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        // In 128-bit attoseconds, which inline (the player reads the time on every frame).
        return Duration(attoseconds: Int128(time.tv_sec) &* 1_000_000_000_000_000_000 &+ Int128(time.tv_nsec) &* 1_000_000_000)
    }

    /// The kernel's resolution for `CLOCK_MONOTONIC`.
    static var resolution: Duration {
        var resolution = timespec()
        clock_getres(CLOCK_MONOTONIC, &resolution)
        return .seconds(resolution.tv_sec) + .nanoseconds(resolution.tv_nsec)
    }

    /// Suspends the calling task until the monotonic clock reaches `deadline`.
    func sleep(until deadline: Duration) async throws {
        let id = locked { queue.pointee.reserveID() }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let registered = locked {
                    let earliest = queue.pointee.insert(id: id, deadline: deadline, continuation: continuation)
                    if earliest == true { pthread_cond_signal(condition) }
                    return earliest != nil
                }
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
        locked {
            if queue.pointee.arm(timer: id, at: deadline, handler: handler) { pthread_cond_signal(condition) }
        }
    }

    /// Disarms the timer `id`.
    func disarm(timer id: UInt64) {
        locked { queue.pointee.disarm(timer: id) }
    }

    private func run() {
        pthread_mutex_lock(mutex)
        while true {
            guard let earliest = queue.pointee.earliest else {
                pthread_cond_wait(condition, mutex)
                continue
            }
            // One due entry at a time, earliest first: no array is made per wake-up.
            guard let due = queue.pointee.removeFirst(dueBy: Self.now) else {
                // Whole nanoseconds first, in 128 bits, then split: one wide division per wait.
                let nanoseconds = Int64(truncatingIfNeeded: earliest.attoseconds / 1_000_000_000)
                var until = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
                pthread_cond_timedwait(condition, mutex, &until)
                continue
            }
            pthread_mutex_unlock(mutex)
            due.waker.wake()
            pthread_mutex_lock(mutex)
        }
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
