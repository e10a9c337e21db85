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
    /// Resistance that runs linearly from `strength` at `start` to `endStrength` at `end`,
    /// and stays at `endStrength` after `end`; none before `start`.
    case slopeFeedback(start: Double, end: Double, strength: Double, endStrength: Double)
    /// Resistance in each of the `positionCount` zones along the travel, one strength a zone
    /// (0 at rest ... the last fully pulled); a zone of strength 0 moves freely.
    case positionalFeedback(strengths: [Double])
    /// Vibration at `frequency` in each of the `positionCount` zones along the travel, one
    /// amplitude a zone; a zone of amplitude 0 is still.
    case positionalVibration(amplitudes: [Double], frequency: Double)

    /// How many zones the positional modes take a value for, as Apple's
    /// `GCDualSenseAdaptiveTrigger.discretePositionCount`.
    public static let positionCount = 10

    /// The effect's numbers, in the order the case lists them.
    public var values: [Double] {
        switch self {
        case .off: []
        case .feedback(let start, let strength): [start, strength]
        case .weapon(let start, let end, let strength): [start, end, strength]
        case .vibration(let start, let amplitude, let frequency): [start, amplitude, frequency]
        case .slopeFeedback(let start, let end, let strength, let endStrength): [start, end, strength, endStrength]
        case .positionalFeedback(let strengths): strengths
        case .positionalVibration(let amplitudes, let frequency): amplitudes + [frequency]
        }
    }

    /// Whether every number is finite and a positional mode has one value for each of the
    /// `positionCount` zones: an effect that is not cannot be sent.
    public var isValid: Bool {
        guard values.allSatisfy(\.isFinite) else { return false }
        switch self {
        case .positionalFeedback(let strengths): return strengths.count == Self.positionCount
        case .positionalVibration(let amplitudes, _): return amplitudes.count == Self.positionCount
        default: return true
        }
    }
}
