import Glibc

/// A point on `CLOCK_MONOTONIC` (time since boot, not counting suspend), in attoseconds: the
/// one instant of the engine's real-time timing. `PrecisionClock`'s instants hold one, its
/// timer threads wait for them, and the daemon keeps its feedbacks' timeouts in them.
///
/// Its arithmetic is written here, once, on 128-bit integers (see `PlayerCore` on a frame's
/// cost).
package struct MonotonicInstant: Comparable, Hashable, Sendable {
    /// Attoseconds since the clock's origin.
    package var attoseconds: Int128

    /// The instant `attoseconds` after the clock's origin.
    @inlinable package init(attoseconds: Int128) {
        self.attoseconds = attoseconds
    }

    /// The instant `microseconds` after the clock's origin, as sd-bus gives its deadlines.
    package init(microseconds: UInt64) {
        attoseconds = Int128(microseconds) &* 1_000_000_000_000
    }

    /// Now. Wraps `clock_gettime(CLOCK_MONOTONIC)`.
    package static var now: MonotonicInstant {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return MonotonicInstant(attoseconds: Int128(time.tv_sec) &* 1_000_000_000_000_000_000 &+ Int128(time.tv_nsec) &* 1_000_000_000)
    }

    /// The kernel's resolution for the clock. Wraps `clock_getres(CLOCK_MONOTONIC)`.
    package static var resolution: Duration {
        var resolution = timespec()
        clock_getres(CLOCK_MONOTONIC, &resolution)
        return .seconds(resolution.tv_sec) + .nanoseconds(resolution.tv_nsec)
    }

    /// The time since the clock's origin.
    package var sinceOrigin: Duration { Duration(attoseconds: attoseconds) }

    /// The instant as a `timespec` in whole nanoseconds, rounded up, so that a wait until it
    /// never ends short of it.
    var timespecRoundedUp: timespec {
        // Whole nanoseconds first, in 128 bits, then split: one wide division per wait.
        let nanoseconds = Int64(truncatingIfNeeded: (attoseconds + 999_999_999) / 1_000_000_000)
        return timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    }

    /// The instant `duration` after `instant`.
    @inlinable package static func + (instant: MonotonicInstant, duration: Duration) -> MonotonicInstant {
        MonotonicInstant(attoseconds: instant.attoseconds &+ duration.attoseconds)
    }

    /// The time from `earlier` to `later`.
    @inlinable package static func - (later: MonotonicInstant, earlier: MonotonicInstant) -> Duration {
        Duration(attoseconds: later.attoseconds &- earlier.attoseconds)
    }

    /// Whether `lhs` comes first.
    @inlinable package static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.attoseconds < rhs.attoseconds
    }
}
