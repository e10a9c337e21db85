/// One thing a client asks of a `HapticFeedback`, as a value: the vocabulary that
/// `PullToRefresh`'s cues, its traces and `HapticsTesting`'s recorder share, so that each
/// names an intent the same way. `HapticFeedback.perform(_:)` makes the matching call.
public enum FeedbackIntent: Sendable, Hashable {
    /// `prepare()`: feedback is likely to come soon.
    case prepare
    /// `impact(_:intensity:)` with this style and intensity.
    case impact(ImpactStyle, intensity: Double)
    /// `notify(_:)` with this outcome.
    case notification(NotificationType)
    /// `selection()`: the short selection tick.
    case selection
    /// `play(_:repetition:)` with this pattern and repetition.
    case pattern(HapticPattern, Repetition)
}

extension HapticFeedback {
    /// Makes the call `intent` names, and hands back its playback (`nil` for `prepare`,
    /// which starts none).
    @discardableResult
    public func perform(_ intent: FeedbackIntent) -> PlaybackHandle? {
        switch intent {
        case .prepare:
            prepare()
            return nil
        case .impact(let style, let intensity):
            return impact(style, intensity: intensity)
        case .notification(let type):
            return notify(type)
        case .selection:
            return selection()
        case .pattern(let pattern, let repetition):
            return play(pattern, repetition: repetition)
        }
    }
}
