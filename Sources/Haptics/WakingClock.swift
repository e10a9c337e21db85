/// A clock whose sleepers are woken by an executor of its own. A task that prefers that
/// executor resumes from a sleep on the very thread that noticed the deadline, with no hop to
/// another thread; `HapticPlayer` runs its playback loop there when its clock offers one.
public protocol WakingClock: Clock {
    /// The executor on which this clock's sleepers are resumed.
    var executor: any TaskExecutor { get }
}
