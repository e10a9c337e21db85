/// Why an envelope cannot be built or played: which control point (counted from 1; 0 for the
/// initial frequency, or for the envelope as a whole) and what about it.
public struct EnvelopeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable, Equatable {
        /// A value (`intensity`, `sharpness`, `amplitude`) outside 0...1, or not a number.
        case outOfRange(name: String, value: Double)
        /// A duration that is not a finite number of seconds above zero.
        case badDuration(Double)
        /// A frequency that is not a finite number of Hz above zero.
        case badFrequency(Double)
        /// The envelope has no control point.
        case empty
        /// A basic envelope must end at intensity 0, as Android requires.
        case doesNotEndSilent(intensity: Double)
        /// The actuators at the locality set no frequency on their path (`ActuatorLimits`).
        case noFrequencyBand(locality: Locality)
        /// A frequency outside the band the actuators at the locality play.
        case outsideBand(frequency: Double, band: ClosedRange<Double>, locality: Locality)
    }

    /// The control point, from 1; 0 for the initial frequency or the whole envelope.
    public var point: Int
    /// What is wrong.
    public var problem: Problem

    /// Creates the error for the control point `point`.
    public init(point: Int, problem: Problem) {
        self.point = point
        self.problem = problem
    }

    /// One line naming the control point and what is wrong.
    public var description: String {
        let place = point == 0 ? "" : "control point \(point): "
        switch problem {
        case .outOfRange(let name, let value): return place + "\(name) \(value) is outside 0...1"
        case .badDuration(let value): return place + "a duration of \(value) s; expected a number of seconds above 0"
        case .badFrequency(let value): return place + "a frequency of \(value) Hz; expected a number of Hz above 0"
        case .empty: return "the envelope has no control point"
        case .doesNotEndSilent(let intensity):
            return place + "the envelope ends at intensity \(intensity); a basic envelope ends with a control point at intensity 0"
        case .noFrequencyBand(let locality):
            return
                "no actuator at \(locality.rawValue) lets a pattern choose its frequency ('haptics devices --json' lists each one's band)"
        case .outsideBand(let frequency, let band, let locality):
            let initial = point == 0 ? "the initial frequency: " : place
            return initial
                + "\(Self.hertz(frequency)) Hz is outside the \(Self.hertz(band.lowerBound))-\(Self.hertz(band.upperBound)) Hz band at \(locality.rawValue)"
        }
    }

    /// A frequency without a fraction when it has none (`41`, `82.5`).
    static func hertz(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : "\(value)"
    }
}
