/// What one client may ask of the daemon. Beyond a limit, the call gets
/// `org.freedesktop.DBus.Error.LimitsExceeded` (or `InvalidArgs` for a malformed value) and
/// nothing changes; what already plays goes on.
public struct DaemonLimits: Sendable, Hashable {
    /// Feedbacks one client (one bus connection) may have running at once (32, as many as
    /// the player mixes).
    public var feedbacksPerClient = 32
    /// Items in one `Vibrate` pattern (10, as feedbackd).
    public var vibrateItems = 10
    /// The longest item of a `Vibrate` pattern, in milliseconds (10 000, as feedbackd).
    public var vibrateItemMilliseconds: UInt32 = 10_000
    /// The largest AHAP document `PlayAHAP` takes, in bytes (1 MiB).
    public var ahapBytes = 1024 * 1024
    /// The longest timeout `TriggerFeedback` and `PlayAHAP` take, in seconds (one hour).
    public var timeoutSeconds: Int32 = 3600

    /// The documented limits.
    public init() {}
}
