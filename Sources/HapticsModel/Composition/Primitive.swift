/// Android's composition primitives (`VibrationEffect.Composition.PRIMITIVE_*`), each played
/// by the built-in preset of the same name, designed for a gamepad's motors.
public enum Primitive: String, Sendable, Hashable, CaseIterable {
    /// A sharp, crisp click.
    case click
    /// A light, crisp tick, for feedback repeated quickly (a slider's detents).
    case tick
    /// A subtle, low tick, for feedback repeated quickly.
    case lowTick = "low-tick"
    /// A downward fall with gravity and the reverberation of the landing.
    case thud
    /// Spinning momentum.
    case spin
    /// A quick upward movement against gravity.
    case quickRise = "quick-rise"
    /// A slow upward movement against gravity.
    case slowRise = "slow-rise"
    /// A quick downward movement with gravity.
    case quickFall = "quick-fall"

    /// The primitive's pattern: its preset's.
    public var pattern: HapticPattern { Preset.primitive(self).pattern }
}
