import HapticsModel

/// A re-armable timer: once the deadline last given to `arm(at:)` has passed, it calls its
/// handler, once. The player waits for its next frame with one of these.
package protocol DeadlineTimer<Instant>: Sendable {
    associatedtype Instant: InstantProtocol
    /// Calls the handler once `deadline` has passed, instead of at the deadline armed before.
    func arm(at deadline: Instant)
    /// Calls the handler for no deadline until armed again.
    func disarm()
}

/// A clock that wakes timers by itself, with no task waiting on it: `ManualClock` (during
/// `advance`) and `PrecisionClock` (each timer on a thread of its own).
package protocol TimerClock: Clock {
    /// A disarmed timer whose handler runs where the clock notices a deadline.
    func makeTimer(_ handler: @escaping @Sendable () -> Void) -> any DeadlineTimer<Instant>
}

extension Clock {
    /// A timer on this clock: its own kind when it has one, otherwise one long-lived task
    /// sleeping on it (`SleepingTimer`).
    package func makeDeadlineTimer(_ handler: @escaping @Sendable () -> Void) -> any DeadlineTimer<Instant> {
        if let clock = self as? any TimerClock, let timer = clock.makeTimer(handler) as? any DeadlineTimer<Instant> {
            return timer
        }
        return SleepingTimer(clock: self, handler: handler)
    }
}
