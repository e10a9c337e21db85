import Glibc

/// The thread behind `PrecisionClock`: it keeps the sleepers in deadline order, waits on a
/// condition variable for the earliest deadline (`CLOCK_MONOTONIC`, absolute), and resumes
/// each sleeper when its deadline passes. With nothing to do it waits without a timeout, so an
/// idle process is never woken.
///
/// It is also a task executor: a task that prefers it (the player's playback loop) runs on
/// this thread, so it resumes from a sleep right where the deadline was noticed, without
/// waking another thread, which is what keeps the tail of the schedule error short on a busy
/// machine.
final class TimerThread: TaskExecutor, @unchecked Sendable {
    /// The one timer thread of the process.
    static let shared = TimerThread()

    // Guarded by `mutex`; `@unchecked Sendable` because every access below holds it.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var sleepers = SleeperQueue<Duration>()
    private var jobs: [UnownedJob] = []

    private init() {
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

    /// Suspends the calling task until the monotonic clock reaches `deadline`.
    func sleep(until deadline: Duration) async throws {
        let id = locked { sleepers.reserveID() }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let registered = locked {
                    let earliest = sleepers.insert(id: id, deadline: deadline, continuation: continuation)
                    if earliest == true { pthread_cond_signal(condition) }
                    return earliest != nil
                }
                if !registered { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            locked { sleepers.remove(id: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Runs `job` on this thread, after the jobs already waiting.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        locked {
            jobs.append(job)
            pthread_cond_signal(condition)
        }
    }

    private func run() {
        pthread_mutex_lock(mutex)
        while true {
            if !jobs.isEmpty {
                let batch = jobs
                jobs.removeAll(keepingCapacity: true)
                pthread_mutex_unlock(mutex)
                for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
                pthread_mutex_lock(mutex)
                continue
            }
            guard let earliest = sleepers.sleepers.first?.deadline else {
                pthread_cond_wait(condition, mutex)
                continue
            }
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            let now = Duration.seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
            guard earliest <= now else {
                let (seconds, attoseconds) = earliest.components
                var until = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
                pthread_cond_timedwait(condition, mutex, &until)
                continue
            }
            let due = sleepers.removeDue(by: now)
            pthread_mutex_unlock(mutex)
            for sleeper in due { sleeper.continuation.resume() }
            pthread_mutex_lock(mutex)
        }
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
