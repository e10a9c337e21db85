/// One step of a vibration pattern: a strength held for a while.
public struct VibraStep: Sendable, Hashable {
    /// The strength, 0...1.
    public var magnitude: Double
    /// How long it holds.
    public var duration: Duration

    /// Creates a step.
    public init(magnitude: Double, duration: Duration) {
        self.magnitude = magnitude
        self.duration = duration
    }
}
