/// What a player keeps time with: its clock's time and one re-armable deadline, both as
/// offsets from the player's start. Once the deadline last armed has passed, the timer calls
/// the handler it was made with, once. One conformer per kind of clock: `PrecisionClock`'s
/// (a thread of its own), `ManualClock`'s (woken during `advance`), and `SleepingTimer` (one
/// long-lived task sleeping on any other clock). A class, so that the player holds one as a
/// plain reference (see `PlayerCore` on a frame's cost).
package protocol PlaybackTimer: AnyObject, Sendable {
    /// The clock's time now, as an offset from the player's start.
    var now: Duration { get }
    /// Calls the handler once `deadline` has passed, instead of at the deadline armed before.
    func arm(at deadline: Duration)
    /// Calls the handler for no deadline until armed again.
    func disarm()
}

/// A clock that wakes a player's timer by itself, with no task waiting on it: `PrecisionClock`
/// and `ManualClock`.
package protocol TimerClock: Clock {
    /// A disarmed timer for a player starting now, calling `handler` where the clock notices a
    /// deadline.
    func makePlaybackTimer(handler: @escaping @Sendable () -> Void) -> any PlaybackTimer
}

extension Clock where Duration == Swift.Duration {
    /// A timer for a player starting now: the clock's own kind where it has one, otherwise one
    /// long-lived task sleeping on it (`SleepingTimer`).
    func makePlaybackTimer(handler: @escaping @Sendable () -> Void) -> any PlaybackTimer {
        if let clock = self as? any TimerClock { return clock.makePlaybackTimer(handler: handler) }
        return SleepingTimer(clock: self, handler: handler)
    }
}
