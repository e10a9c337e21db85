/// Why values do not make a `TriggerEffect` of a mode (`TriggerMode.effect(values:)`): how
/// many the mode takes, or which value is not a number in 0...1.
public enum TriggerValuesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `given` values where the mode takes one for each of its `valueNames`.
    case count(mode: TriggerMode, given: Int)
    /// The value at `index` (from 0) is NaN or outside 0...1.
    case outOfRange(mode: TriggerMode, index: Int, value: Double)

    /// One line: the mode, and what it takes or which value is wrong.
    public var description: String {
        switch self {
        case .count(let mode, let given):
            let names = mode.valueNames
            let takes =
                switch mode {
                case .off: "no values"
                case .positionalFeedback: "\(names.count) values, each zone's strength from rest (0) to fully pulled (9)"
                case .positionalVibration:
                    "\(names.count) values, each zone's amplitude from rest (0) to fully pulled (9), then the frequency"
                default: "\(names.count) values: \(names.joined(separator: ", "))"
                }
            return "'\(mode.rawValue)' takes \(takes); \(given) given"
        case .outOfRange(let mode, let index, let value):
            return "values[\(index)] (\(mode.rawValue): \(mode.valueNames[index])) is \(value); it must be in 0...1"
        }
    }
}
