/// What an adaptive trigger does under the finger, as Apple's `GCDualSenseAdaptiveTrigger`
/// names the modes: positions, strengths, amplitudes and frequencies all in 0...1.
///
/// Positions run along the trigger's travel, 0 at rest and 1 fully pulled. A driver turns the
/// effect into the pad's own units (the DualSense's ten zones and eight strength steps) and
/// refuses a value that is not a number.
public enum TriggerEffect: Sendable, Hashable {
    /// No effect: the trigger moves freely.
    case off
    /// Resistance of `strength` from `start` to the end of the travel.
    case feedback(start: Double, strength: Double)
    /// Resistance of `strength` from `start` that gives way at `end`, as a gun's trigger
    /// breaks: the finger feels the point where it yields.
    case weapon(start: Double, end: Double, strength: Double)
    /// Vibration of `amplitude` at `frequency` (0 lowest, 1 highest the trigger plays) from
    /// `start` to the end of the travel.
    case vibration(start: Double, amplitude: Double, frequency: Double)

    /// The effect's numbers, in the order the case lists them.
    public var values: [Double] {
        switch self {
        case .off: []
        case .feedback(let start, let strength): [start, strength]
        case .weapon(let start, let end, let strength): [start, end, strength]
        case .vibration(let start, let amplitude, let frequency): [start, amplitude, frequency]
        }
    }

    /// Whether every number is finite: an effect with a NaN or an infinity cannot be sent.
    public var isValid: Bool { values.allSatisfy(\.isFinite) }
}
