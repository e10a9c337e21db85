/// A sequence of primitives, as Android's `VibrationEffect.Composition`: each added with a
/// scale and a delay that starts when the previous primitive ends
/// (`addPrimitive(id, scale, delay)`).
public struct Composition: Sendable, Hashable {
    /// One primitive of the sequence.
    public struct Step: Sendable, Hashable {
        /// The primitive played.
        public var primitive: Primitive
        /// The factor on its intensity, 0...1.
        public var scale: Double
        /// Seconds of silence between the end of the previous primitive (or the start) and this one.
        public var delay: Double
    }

    /// The primitives, in the order they play.
    public private(set) var steps: [Step] = []

    /// Creates an empty composition.
    public init() {}

    /// Appends `primitive` at `scale` (0...1), `delay` seconds after the previous primitive
    /// ends; a scale outside 0...1 or a negative or non-finite delay is refused, naming the
    /// primitive's position.
    public mutating func add(_ primitive: Primitive, scale: Double = 1, delay: Double = 0) throws(CompositionError) {
        let position = steps.count + 1
        guard scale.isFinite, (0...1).contains(scale) else { throw CompositionError(position: position, problem: .badScale("\(scale)")) }
        guard delay.isFinite, delay >= 0 else {
            throw CompositionError(position: position, problem: .badDelay("\(delay * 1000)ms"))
        }
        steps.append(Step(primitive: primitive, scale: scale, delay: delay))
    }

    /// The composition as one pattern: each primitive's events, scaled, starting at the
    /// previous primitive's end plus its delay.
    public var pattern: HapticPattern {
        var events: [HapticEvent] = []
        var end = 0.0
        for step in steps {
            let start = end + step.delay
            let primitive = step.primitive.pattern.scaled(by: step.scale)
            for var event in primitive.events {
                event.time += start
                events.append(event)
            }
            end = start + primitive.duration
        }
        return HapticPattern(events: events)
    }
}
