/// An effect drawn by its envelope in physical units, as Android 16's
/// `VibrationEffect.WaveformEnvelopeBuilder`: control points of amplitude (0...1) and
/// frequency in Hz, each reached over a duration from the previous one, starting from
/// amplitude 0 at `initialFrequency`.
///
/// The frequencies are the pad's: the envelope plays only on a locality whose actuators let a
/// pattern choose its frequency (`ActuatorLimits.frequencyBand`: HD Rumble, the DualSense's
/// adaptive triggers), and only within their band. A frequency outside it is an error
/// (`EnvelopeError.Problem.outsideBand`), or, where the author allows it (`.nearest`), the
/// nearest frequency of the band, said once in a notice. Each frequency becomes the sharpness
/// the path plays it at (`ActuatorLimits.sharpness(forFrequency:)`), and the envelope plays
/// as a `BasicEnvelope` does: one continuous event under an intensity and a sharpness curve.
public struct WaveformEnvelope: Sendable, Hashable {
    /// One control point: the amplitude and frequency reached `duration` seconds after the
    /// previous point (or the start).
    public struct ControlPoint: Sendable, Hashable {
        /// The amplitude reached, 0...1.
        public var amplitude: Double
        /// The frequency reached, in Hz.
        public var frequency: Double
        /// Seconds to reach it, above 0.
        public var duration: Double
    }

    /// What to do with a frequency outside the band.
    public enum OutOfBand: Sendable, Hashable {
        /// Refuse the envelope (`EnvelopeError.Problem.outsideBand`).
        case refuse
        /// Play the nearest frequency of the band, with one notice for the envelope.
        case nearest
    }

    /// The frequency at the start, in Hz; `nil`: the first control point's.
    public let initialFrequency: Double?
    /// The control points, in order.
    public private(set) var points: [ControlPoint] = []

    /// Creates an empty envelope starting at `initialFrequency` Hz (`nil`: the first control
    /// point's); a frequency that is not a positive number is refused.
    public init(initialFrequency: Double? = nil) throws(EnvelopeError) {
        if let initialFrequency, !(initialFrequency.isFinite && initialFrequency > 0) {
            throw EnvelopeError(point: 0, problem: .badFrequency(initialFrequency))
        }
        self.initialFrequency = initialFrequency
    }

    /// Appends a control point reaching `amplitude` (0...1) at `frequency` Hz (above 0) over
    /// `duration` seconds (above 0); anything else is refused, naming the point.
    public mutating func add(amplitude: Double, frequency: Double, duration: Double) throws(EnvelopeError) {
        let point = points.count + 1
        guard (0...1).contains(amplitude) else {
            throw EnvelopeError(point: point, problem: .outOfRange(name: "amplitude", value: amplitude))
        }
        guard frequency.isFinite, frequency > 0 else { throw EnvelopeError(point: point, problem: .badFrequency(frequency)) }
        guard duration.isFinite, duration > 0 else { throw EnvelopeError(point: point, problem: .badDuration(duration)) }
        points.append(ControlPoint(amplitude: amplitude, frequency: frequency, duration: duration))
    }

    /// The pattern for the actuators of `limits` at `locality`, checked against their band
    /// (the band all of them play, where they are several); a notice when `outOfBand` is
    /// `.nearest` and a frequency was moved into the band.
    public func pattern(for limits: PadLimits, at locality: Locality, outOfBand: OutOfBand = .refuse) throws(EnvelopeError)
        -> LoadedPattern
    {
        guard let first = points.first else { throw EnvelopeError(point: 0, problem: .empty) }
        let actuators = limits.actuators(at: locality)
        let bands = actuators.compactMap(\.frequencyBand)
        let low = bands.map(\.lowerBound).max() ?? 0
        let high = bands.map(\.upperBound).min() ?? 0
        guard let actuator = actuators.first, bands.count == actuators.count, low <= high else {
            throw EnvelopeError(point: 0, problem: .noFrequencyBand(locality: locality))
        }
        let band = low...high
        let frequencies = [initialFrequency ?? first.frequency] + points.map(\.frequency)
        var moved: [(point: Int, frequency: Double)] = []
        var playable: [Double] = []
        for (point, frequency) in frequencies.enumerated() {
            guard !band.contains(frequency) else {
                playable.append(frequency)
                continue
            }
            guard point > 0 || initialFrequency != nil else {
                // The start is the first control point's frequency: said, if at all, as that point.
                playable.append(min(max(frequency, band.lowerBound), band.upperBound))
                continue
            }
            guard outOfBand == .nearest else {
                throw EnvelopeError(point: point, problem: .outsideBand(frequency: frequency, band: band, locality: locality))
            }
            moved.append((point, frequency))
            playable.append(min(max(frequency, band.lowerBound), band.upperBound))
        }
        let sharpness = playable.map { actuator.sharpness(forFrequency: $0, in: band) }
        let pattern = EnvelopeCurves.pattern(
            start: (0, sharpness[0]), points: zip(points, sharpness.dropFirst()).map { ($0.amplitude, $1, $0.duration) })
        guard let firstMoved = moved.first else { return LoadedPattern(pattern: pattern) }
        let error = EnvelopeError(
            point: firstMoved.point, problem: .outsideBand(frequency: firstMoved.frequency, band: band, locality: locality))
        let others = moved.count > 1 ? " (and \(moved.count - 1) more)" : ""
        let notice = PatternNotice(
            file: "waveform envelope", path: "",
            message: "\(error)\(others): played at the nearest frequency of the band")
        return LoadedPattern(pattern: pattern, notices: [notice])
    }
}
