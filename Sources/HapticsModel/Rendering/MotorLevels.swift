/// Both motors' levels at one moment, each 0...1: what a pattern sampler computes for a step
/// and the mixer sums.
package struct MotorLevels: Sendable, Equatable {
    /// The strong (low-frequency) motor's level.
    package var strong: Double
    /// The weak (high-frequency) motor's level.
    package var weak: Double

    /// Levels for both motors.
    @inlinable package init(strong: Double, weak: Double) {
        self.strong = strong
        self.weak = weak
    }

    /// Both motors off.
    package static let off = MotorLevels(strong: 0, weak: 0)

    /// Whether both levels are the same. (Inlinable: the mixer compares levels on every frame;
    /// see `PlayerCore` on a frame's cost.)
    @inlinable package static func == (lhs: MotorLevels, rhs: MotorLevels) -> Bool {
        lhs.strong == rhs.strong && lhs.weak == rhs.weak
    }

    /// Whether the levels differ (inlinable, as `==`).
    @inlinable package static func != (lhs: MotorLevels, rhs: MotorLevels) -> Bool {
        !(lhs == rhs)
    }
}
