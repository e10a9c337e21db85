import Glibc

/// The monotonic clock in nanoseconds, as the benchmarks stamp events.
enum Monotonic {
    /// Nanoseconds since an arbitrary origin.
    static var nanoseconds: Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
