public import HapticsModel

/// One thing the state machine decides to play: a feedback intent, or the refresh's own
/// tension texture (an advanced playback shaped while the finger pulls).
public enum RefreshCue: Sendable, Hashable {
    /// This intent, made on the `HapticFeedback` as it is (`HapticFeedback.perform(_:)`).
    case intent(FeedbackIntent)
    /// The tension texture at this level (the pulling percent, 0...1): started with the first,
    /// shaped by the next ones.
    case tension(Double)
    /// The tension texture ends.
    case tensionEnded
}
