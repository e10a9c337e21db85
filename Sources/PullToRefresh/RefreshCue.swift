public import Haptics

/// One call to make on a `HapticFeedback`, decided by the state machine.
public enum RefreshCue: Sendable, Hashable {
    /// `prepare()`: a drag started, so the threshold impact may come soon.
    case prepare
    /// `impact(_:intensity:)` with this style and intensity.
    case impact(ImpactStyle, intensity: Double)
    /// `notify(_:)` with this outcome.
    case notification(NotificationType)
    /// `selection()`: the short selection tick.
    case selection
    /// The tension texture at this level (the pulling percent, 0...1): started with the first,
    /// shaped by the next ones.
    case tension(Double)
    /// The tension texture ends.
    case tensionEnded
}
