/// A mode of `TriggerEffect` by its stable name, as `haptics trigger` and libhaptics take it,
/// with the values the mode takes, in the order `TriggerEffect.values` lists them.
public enum TriggerMode: String, CaseIterable, Sendable {
    /// `TriggerEffect.off`.
    case off
    /// `TriggerEffect.feedback`.
    case feedback
    /// `TriggerEffect.weapon`.
    case weapon
    /// `TriggerEffect.vibration`.
    case vibration
    /// `TriggerEffect.slopeFeedback`.
    case slope
    /// `TriggerEffect.positionalFeedback`.
    case positionalFeedback = "positional-feedback"
    /// `TriggerEffect.positionalVibration`.
    case positionalVibration = "positional-vibration"

    /// What each value the mode takes is, in the order `TriggerEffect.values` lists them: a
    /// positional mode's zones from rest (0) to fully pulled (`TriggerEffect.positionCount` - 1).
    public var valueNames: [String] {
        let zones = 0..<TriggerEffect.positionCount
        return switch self {
        case .off: []
        case .feedback: ["start", "strength"]
        case .weapon: ["start", "end", "strength"]
        case .vibration: ["start", "amplitude", "frequency"]
        case .slope: ["start", "end", "strength", "end strength"]
        case .positionalFeedback: zones.map { "zone \($0)'s strength" }
        case .positionalVibration: zones.map { "zone \($0)'s amplitude" } + ["frequency"]
        }
    }

    /// The effect of this mode with `values`, in the order of `valueNames`: as many as it
    /// names, each in 0...1.
    ///
    /// - Throws: `TriggerValuesError` naming the count expected, or the first value that is
    ///   not a number in 0...1 and what it is.
    public func effect(values: [Double]) throws(TriggerValuesError) -> TriggerEffect {
        guard values.count == valueNames.count else { throw .count(mode: self, given: values.count) }
        if let index = values.firstIndex(where: { !(0...1).contains($0) }) {
            throw .outOfRange(mode: self, index: index, value: values[index])
        }
        let zones = TriggerEffect.positionCount
        return switch self {
        case .off: .off
        case .feedback: .feedback(start: values[0], strength: values[1])
        case .weapon: .weapon(start: values[0], end: values[1], strength: values[2])
        case .vibration: .vibration(start: values[0], amplitude: values[1], frequency: values[2])
        case .slope: .slopeFeedback(start: values[0], end: values[1], strength: values[2], endStrength: values[3])
        case .positionalFeedback: .positionalFeedback(strengths: values)
        case .positionalVibration: .positionalVibration(amplitudes: Array(values.prefix(zones)), frequency: values[zones])
        }
    }
}
