/// One haptic feedback a theme gives an event.
public enum ThemeFeedback: Sendable, Hashable {
    /// feedbackd's `VibraRumble`: `count` pulses of `duration`, `pause` apart.
    case rumble(duration: Duration, count: Int, pause: Duration, magnitude: Double)
    /// feedbackd's `VibraPeriodic`: one level held for `duration`, reached from `fadeInLevel`
    /// over `fadeInTime`.
    case periodic(duration: Duration, magnitude: Double, fadeInTime: Duration, fadeInLevel: Double)
    /// feedbackd's `VibraPattern` (and `Vibrate` on the Haptic interface): each step in turn.
    case pattern([VibraStep])
    /// This project's `Haptics` type: a richer pattern for gamepads.
    case haptics(PatternReference)
}
