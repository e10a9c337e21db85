/// One thing a client asks of a `HapticFeedback`, as a value: what `HapticFeedback.perform(_:)`
/// takes, and the vocabulary that `PullToRefresh`'s cues, its traces and `HapticsTesting`'s
/// recorder share, so that each names an intent the same way.
public enum FeedbackIntent: Sendable, Hashable {
    /// Feedback is likely to come soon: get the output ready.
    case prepare
    /// An impact of this style, scaled by this intensity (0...1).
    case impact(ImpactStyle, intensity: Double)
    /// The notification pattern for this outcome.
    case notification(NotificationType)
    /// The short selection tick.
    case selection
    /// This pattern, repeated as asked.
    case pattern(HapticPattern, Repetition)
}
