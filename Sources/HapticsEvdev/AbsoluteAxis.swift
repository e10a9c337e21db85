/// One absolute axis of an input device (a stick, a trigger, a wheel) and its range, as the
/// kernel reports it (`EV_ABS`).
public struct AbsoluteAxis: Sendable, Hashable {
    /// The `ABS_*` code, e.g. 5 for `ABS_RZ` (the right trigger on most gamepads).
    public let code: UInt16
    /// The axis's smallest raw value.
    public let minimum: Int32
    /// The axis's largest raw value.
    public let maximum: Int32

    /// Describes an axis.
    public init(code: UInt16, minimum: Int32, maximum: Int32) {
        self.code = code
        self.minimum = minimum
        self.maximum = maximum
    }
}
