/// The weight of an impact, as `UIImpactFeedbackGenerator.FeedbackStyle` names it.
///
/// Each style is backed by the embedded AHAP preset of the same name (`Preset.impact(style)`).
public enum ImpactStyle: String, Sendable, Hashable, CaseIterable {
    /// A small, light collision: a short, low-intensity pulse.
    case light
    /// A moderate collision: the default for most controls.
    case medium
    /// A large, heavy collision: the strongest impact.
    case heavy
    /// A dull, compliant collision, weighted toward the strong (low-frequency) motor.
    case soft
    /// A hard, crisp collision, weighted toward the weak (high-frequency) motor.
    case rigid
}
