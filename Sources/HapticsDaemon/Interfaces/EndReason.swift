import HapticsModel

/// Why a feedback ended, as `FeedbackEnded`'s `reason` says it (libfeedback's
/// `LfbEventEndReason`). libfeedback also names `EXPIRED` (1), which feedbackd never sends: a
/// feedback whose timeout ran out ends `natural` (src/fbd-event.c, `on_timeout_expired` only
/// marks the event expired).
enum EndReason: UInt32, Sendable, Hashable {
    /// It played to its end, its timeout included.
    case natural = 0
    /// `EndFeedback` (or `Stop`) ended it, its client left the bus, or the daemon ended it
    /// because a driver failed (the failure is logged).
    case explicit = 2
    /// The theme has nothing to play for it (libfeedback's -1).
    case notFound = 0xFFFF_FFFF

    /// How a feedback ends when its engine stops for `reason` while it plays: `explicit`,
    /// whatever stopped the engine (the pad went away, the daemon stopped it, a driver
    /// failed), since feedbackd has no other reason for an end it did not reach naturally.
    init(_ reason: EngineStopReason) {
        switch reason {
        case .deviceWentAway, .stoppedByApplication, .systemError: self = .explicit
        }
    }
}
