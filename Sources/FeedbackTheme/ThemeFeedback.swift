/// One haptic feedback a theme gives an event, its values as feedbackd plays them (the
/// loader resolves each feedbackd version's defaults and units; `ThemeRenderer` times it).
public enum ThemeFeedback: Sendable, Hashable {
    /// feedbackd's `VibraRumble`: `count` pulses sharing `duration` (the whole feedback),
    /// `pause` after each but the run ends at `duration` (see `VibraRumbleTiming`), at
    /// `magnitude` (0...1 of the strong motor's full scale).
    case rumble(duration: Duration, count: Int, pause: Duration, magnitude: Double)
    /// feedbackd's `VibraPeriodic`: after the kernel's 200 ms delay, a level fading in from
    /// `fadeInLevel` to `magnitude` (both 0...1 of the kernel's full scale) over `fadeInTime`,
    /// until `duration`.
    case periodic(duration: Duration, magnitude: Double, fadeInTime: Duration, fadeInLevel: Double)
    /// feedbackd's `VibraPattern` (and `Vibrate` on the Haptic interface): each step in turn.
    case pattern([VibraStep])
    /// This project's `Haptics` type: a richer pattern for gamepads.
    case haptics(PatternReference)
}
