/// Both motors' levels at one moment, each 0...1: what a pattern sampler computes for a step
/// and the mixer sums.
package struct MotorLevels: Sendable, Equatable {
    /// The strong (low-frequency) motor's level.
    package var strong: Double
    /// The weak (high-frequency) motor's level.
    package var weak: Double

    /// Levels for both motors.
    package init(strong: Double, weak: Double) {
        self.strong = strong
        self.weak = weak
    }

    /// Both motors off.
    package static let off = MotorLevels(strong: 0, weak: 0)
}
