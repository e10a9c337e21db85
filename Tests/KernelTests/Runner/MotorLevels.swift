/// What a pad's output report sets its two motors to, in the pad's own units.
struct MotorLevels: Equatable, Sendable, CustomStringConvertible {
    /// The weak (right, high-frequency) motor.
    let weak: UInt8
    /// The strong (left, low-frequency) motor.
    let strong: UInt8

    /// Both motors off.
    static let off = MotorLevels(weak: 0, strong: 0)

    /// `(weak,strong)`.
    var description: String { "(\(weak),\(strong))" }
}
