/// Why an advanced player refused a call; nothing changed.
public enum AdvancedPlayerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A time (`atTime`, an offset, a relative time) that is not a finite number of seconds,
    /// at least 0.
    case invalidTime(name: String, value: Double)
    /// A parameter value that is not a number.
    case invalidValue(parameter: ParameterCurve.Control, value: Double)

    /// What was wrong and what was expected.
    public var description: String {
        switch self {
        case .invalidTime(let name, let value):
            "\(name) must be a finite number of seconds, at least 0; it was \(value)"
        case .invalidValue(let parameter, let value):
            "the value of \(parameter.rawValue) must be a number in \(parameter.range); it was \(value)"
        }
    }
}
