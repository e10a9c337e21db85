/// A monotonic clock for playback whose deadlines are kept by one dedicated timer thread,
/// waiting on absolute deadlines; an engine on this clock sends each frame from that thread,
/// the moment it notices the frame's deadline.
///
/// Measured on the project's machines (see BENCHMARKS.md), this wakes closer to deadlines
/// than `ContinuousClock`'s sleeps, and while nothing is due its thread waits on a futex with
/// no timeout: no periodic wake-ups at all. Any number of clocks share the one thread.
/// `HapticEngine(driver:)` plays on it.
public struct PrecisionClock: Clock, Sendable {
    /// A point in time on `CLOCK_MONOTONIC`.
    public struct Instant: InstantProtocol, Sendable {
        /// Time since the monotonic clock's origin (boot, excluding suspend).
        public var sinceOrigin: Duration

        /// The instant `sinceOrigin` after the origin.
        public init(sinceOrigin: Duration) {
            self.sinceOrigin = sinceOrigin
        }

        // In attoseconds, which inline: `Duration`'s own operators are calls, and a player
        // reads and arms this clock on every frame.

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(sinceOrigin: Duration(attoseconds: sinceOrigin.attoseconds + duration.attoseconds))
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            Duration(attoseconds: other.sinceOrigin.attoseconds - sinceOrigin.attoseconds)
        }

        /// Whether this instant comes first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.sinceOrigin.attoseconds < rhs.sinceOrigin.attoseconds
        }
    }

    /// Creates a clock; all clocks share one timer thread, started by the first clock made,
    /// so that the first deadline does not wait for a thread to start.
    public init() {
        _ = TimerThread.shared
    }

    /// Now.
    public var now: Instant {
        Instant(sinceOrigin: TimerThread.now)
    }

    /// The kernel's resolution for this clock.
    public var minimumResolution: Duration { TimerThread.resolution }

    /// Suspends until `deadline`; a deadline not in the future returns at once. The
    /// tolerance is ignored: the timer thread always aims at the deadline itself.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        guard deadline > now else { return }
        try await TimerThread.shared.sleep(until: deadline.sinceOrigin)
    }
}

extension PrecisionClock: TimerClock {
    func makeTimer(_ handler: @escaping @Sendable () -> Void) -> any DeadlineTimer<Instant> {
        Timer(thread: .shared, handler: handler)
    }

    /// A timer whose handler runs on the timer thread.
    final class Timer: DeadlineTimer {
        /// The thread, held rather than looked up (a lazy global's check) on every arming.
        let thread: TimerThread
        let id: UInt64
        let handler: @Sendable () -> Void

        init(thread: TimerThread, handler: @escaping @Sendable () -> Void) {
            self.thread = thread
            self.id = thread.makeTimerID()
            self.handler = handler
        }

        deinit {
            disarm()
        }

        func arm(at deadline: Instant) {
            arm(atAttoseconds: deadline.sinceOrigin.attoseconds)
        }

        /// Arms the timer for `deadline`, attoseconds on the monotonic clock.
        func arm(atAttoseconds deadline: Int128) {
            thread.arm(timer: id, at: deadline, handler: handler)
        }

        func disarm() {
            thread.disarm(timer: id)
        }
    }
}
