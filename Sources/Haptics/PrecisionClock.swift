import Glibc

/// A monotonic clock for playback whose sleeps end on one dedicated timer thread, waiting on
/// absolute deadlines; a player on this clock runs its playback loop on that thread too
/// (see `WakingClock`), so each frame goes out from the thread that noticed its deadline.
///
/// Measured on the project's machines (see BENCHMARKS.md), this wakes closer to deadlines
/// than `ContinuousClock`'s sleeps, and while nothing sleeps its thread waits on a condition
/// variable: no periodic wake-ups at all. Any number of clocks share the one thread.
public struct PrecisionClock: WakingClock, Sendable {
    /// A point in time on `CLOCK_MONOTONIC`.
    public struct Instant: InstantProtocol, Sendable {
        /// Time since the monotonic clock's origin (boot, excluding suspend).
        public var sinceOrigin: Duration

        /// The instant `sinceOrigin` after the origin.
        public init(sinceOrigin: Duration) {
            self.sinceOrigin = sinceOrigin
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(sinceOrigin: sinceOrigin + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.sinceOrigin - sinceOrigin
        }

        /// Whether this instant comes first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.sinceOrigin < rhs.sinceOrigin
        }
    }

    /// Creates a clock; all clocks share one timer thread, started by the first clock made,
    /// so that the first sleep does not wait for a thread to start.
    public init() {
        _ = TimerThread.shared
    }

    /// The timer thread, as an executor.
    public var executor: any TaskExecutor { TimerThread.shared }

    /// Now.
    public var now: Instant {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Instant(sinceOrigin: .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec))
    }

    /// The kernel's resolution for this clock.
    public var minimumResolution: Duration {
        var resolution = timespec()
        clock_getres(CLOCK_MONOTONIC, &resolution)
        return .seconds(resolution.tv_sec) + .nanoseconds(resolution.tv_nsec)
    }

    /// Suspends until `deadline`; a deadline not in the future returns at once. The
    /// tolerance is ignored: the timer thread always aims at the deadline itself.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        guard deadline > now else { return }
        try await TimerThread.shared.sleep(until: deadline.sinceOrigin)
    }
}
