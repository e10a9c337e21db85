import Glibc

/// CLOCK_MONOTONIC in microseconds, the clock sd-bus's timeouts are in.
enum Monotonic {
    /// Now.
    static var now: UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000 + UInt64(spec.tv_nsec) / 1000
    }
}
