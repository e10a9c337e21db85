/// An absolute axis moving to a new raw value.
public struct AxisMotion: Sendable, Hashable {
    /// The axis's `ABS_*` code.
    public let code: UInt16
    /// Its new raw value, within the axis's range.
    public let value: Int32

    /// Describes a motion.
    public init(code: UInt16, value: Int32) {
        self.code = code
        self.value = value
    }
}
