/// Why a feedback ended, as `FeedbackEnded`'s `reason` says it (libfeedback's
/// `LfbEventEndReason`).
enum EndReason: UInt32, Sendable, Hashable {
    /// It played to its end.
    case natural = 0
    /// Its timeout ran out.
    case expired = 1
    /// `EndFeedback` (or `Stop`) ended it, its client left the bus, or the daemon ended it
    /// because a driver failed (the failure is logged).
    case explicit = 2
    /// The theme has nothing to play for it (libfeedback's -1).
    case notFound = 0xFFFF_FFFF
}
