/// A monotonic clock for playback that waits on absolute deadlines with threads of its own:
/// tasks sleeping on it share one timer thread, and an engine on it waits for its frames on a
/// thread of its own (its player's timer), sending each frame from there the moment the
/// frame's deadline passes.
///
/// Measured on the project's machines (see BENCHMARKS.md), this wakes closer to deadlines
/// than `ContinuousClock`'s sleeps, and while nothing is due its threads wait on a futex with
/// no timeout: no periodic wake-ups at all. Any number of clocks share the one timer thread.
/// `HapticEngine(driver:)` plays on it.
public struct PrecisionClock: Clock, Sendable {
    /// A point in time on `CLOCK_MONOTONIC`.
    public struct Instant: InstantProtocol, Sendable {
        /// The point, as the engine's timing reckons it.
        var monotonic: MonotonicInstant

        /// The instant on the monotonic clock.
        init(_ monotonic: MonotonicInstant) {
            self.monotonic = monotonic
        }

        /// The instant `sinceOrigin` after the origin.
        public init(sinceOrigin: Duration) {
            monotonic = MonotonicInstant(attoseconds: sinceOrigin.attoseconds)
        }

        /// Time since the monotonic clock's origin (boot, excluding suspend).
        public var sinceOrigin: Duration {
            get { monotonic.sinceOrigin }
            set { monotonic = MonotonicInstant(attoseconds: newValue.attoseconds) }
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(monotonic + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.monotonic - monotonic
        }

        /// Whether this instant comes first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.monotonic < rhs.monotonic
        }
    }

    /// Creates a clock; all clocks share one timer thread, started by the first clock made,
    /// so that the first deadline does not wait for a thread to start.
    public init() {
        _ = TimerThread.shared
    }

    /// Now.
    public var now: Instant {
        Instant(.now)
    }

    /// The kernel's resolution for this clock.
    public var minimumResolution: Duration { MonotonicInstant.resolution }

    /// Suspends until `deadline`; a deadline not in the future returns at once. The
    /// tolerance is ignored: the timer thread always aims at the deadline itself.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        guard deadline > now else { return }
        try await TimerThread.shared.sleep(until: deadline.monotonic)
    }
}
