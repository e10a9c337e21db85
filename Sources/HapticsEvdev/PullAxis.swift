import CEvdev

/// The gamepad axis read as a pull, and how its raw values map to 0...1.
public struct PullAxis: Sendable, Hashable {
    /// The `ABS_*` code.
    public let code: UInt16
    /// The axis's smallest raw value.
    public let minimum: Int32
    /// The axis's largest raw value.
    public let maximum: Int32
    /// Whether the axis rests in the middle (a stick, pulled down) rather than at its minimum
    /// (a trigger).
    public let isCentered: Bool

    /// Describes an axis.
    public init(code: UInt16, minimum: Int32, maximum: Int32, isCentered: Bool) {
        self.code = code
        self.minimum = minimum
        self.maximum = maximum
        self.isCentered = isCentered
    }

    /// The axes tried, best first: the right trigger, the left trigger, the left stick down.
    static let preference: [(code: Int32, isCentered: Bool)] = [(ABS_RZ, false), (ABS_Z, false), (ABS_Y, true)]

    /// How far `value` pulls, 0 (at rest) to 1 (fully pulled). A stick counts only below
    /// its centre.
    public func fraction(_ value: Int32) -> Double {
        let low = Double(minimum)
        let high = Double(maximum)
        guard high > low else { return 0 }
        let rest = isCentered ? (low + high) / 2 : low
        return min(max((Double(value) - rest) / (high - rest), 0), 1)
    }
}
