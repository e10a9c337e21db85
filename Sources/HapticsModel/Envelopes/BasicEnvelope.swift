/// An effect drawn by its envelope, as Android 16's `VibrationEffect.BasicEnvelopeBuilder`:
/// control points of intensity and sharpness (each 0...1), each reached over a duration from
/// the previous one, starting from intensity 0 at `initialSharpness` and ending at intensity 0.
///
/// It plays as one continuous event as long as the envelope, whose intensity and sharpness
/// curves pass through the control points, linear between them: the same on every pad, whose
/// profile maps sharpness to its motors or carriers.
public struct BasicEnvelope: Sendable, Hashable {
    /// One control point: the intensity and sharpness reached `duration` seconds after the
    /// previous point (or the start).
    public struct ControlPoint: Sendable, Hashable {
        /// The intensity reached, 0...1.
        public var intensity: Double
        /// The sharpness reached, 0...1.
        public var sharpness: Double
        /// Seconds to reach it, above 0.
        public var duration: Double
    }

    /// The sharpness at the start, 0...1; `nil`: the first control point's.
    public let initialSharpness: Double?
    /// The control points, in order.
    public private(set) var points: [ControlPoint] = []

    /// Creates an empty envelope starting at `initialSharpness` (0...1; `nil`: the first
    /// control point's sharpness); a value outside 0...1 is refused.
    public init(initialSharpness: Double? = nil) throws(EnvelopeError) {
        if let initialSharpness, !(0...1).contains(initialSharpness) {
            throw EnvelopeError(point: 0, problem: .outOfRange(name: "initial sharpness", value: initialSharpness))
        }
        self.initialSharpness = initialSharpness
    }

    /// Appends a control point reaching `intensity` and `sharpness` (each 0...1) over
    /// `duration` seconds (above 0); anything else is refused, naming the point.
    public mutating func add(intensity: Double, sharpness: Double, duration: Double) throws(EnvelopeError) {
        let point = points.count + 1
        for (name, value) in [("intensity", intensity), ("sharpness", sharpness)] where !(0...1).contains(value) {
            throw EnvelopeError(point: point, problem: .outOfRange(name: name, value: value))
        }
        guard duration.isFinite, duration > 0 else { throw EnvelopeError(point: point, problem: .badDuration(duration)) }
        points.append(ControlPoint(intensity: intensity, sharpness: sharpness, duration: duration))
    }

    /// The pattern: one continuous event over the whole envelope (intensity 1, sharpness 0)
    /// under an intensity curve and a sharpness curve through the control points. An envelope
    /// with no point, or whose last point is not at intensity 0, is refused.
    public func pattern() throws(EnvelopeError) -> HapticPattern {
        guard let last = points.last else { throw EnvelopeError(point: 0, problem: .empty) }
        guard last.intensity == 0 else { throw EnvelopeError(point: points.count, problem: .doesNotEndSilent(intensity: last.intensity)) }
        return EnvelopeCurves.pattern(
            start: (0, initialSharpness ?? points[0].sharpness), points: points.map { ($0.intensity, $0.sharpness, $0.duration) })
    }
}
