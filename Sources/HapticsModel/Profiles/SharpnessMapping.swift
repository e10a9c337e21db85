/// How a pad expresses an event's sharpness across its two `FF_RUMBLE` motors.
public enum SharpnessMapping: String, Sendable, Hashable, CaseIterable {
    /// Low sharpness drives the strong motor, high sharpness the weak one (the renderer's
    /// `RenderSettings.MotorSplit`): right where the strong motor is the low-frequency
    /// actuator and the weak one the high-frequency actuator.
    case split
    /// Both motors get the event's full amplitude whatever its sharpness: right where the two
    /// actuators play the same carriers and differ only by the hand they sit in, so a split
    /// would move the feel from one hand to the other instead of from low to high. Sharpness
    /// is then not expressed at all.
    case balanced

    /// The shares of an event's amplitude the strong and the weak motor get at sharpness `s`.
    public func shares(_ s: Double, split: RenderSettings.MotorSplit) -> (strong: Double, weak: Double) {
        switch self {
        case .split: (split.strongShare(s), split.weakShare(s))
        case .balanced: (1, 1)
        }
    }
}
