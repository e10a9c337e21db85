import Glibc

/// The monotonic clock, as the device side stamps what it receives.
public enum Monotonic {
    /// Now, from an arbitrary origin.
    public static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// Waits until `condition` holds, checking every millisecond for at most `timeout`.
    /// Returns whether it held.
    public static func wait(upTo timeout: Duration = .seconds(5), until condition: () -> Bool) -> Bool {
        let deadline = now + timeout
        while !condition() {
            if now > deadline { return false }
            usleep(1000)
        }
        return true
    }
}
