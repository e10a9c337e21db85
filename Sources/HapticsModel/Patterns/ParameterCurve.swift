/// A change over time of a pattern-wide control, as AHAP's `ParameterCurve` and `Parameter`.
///
/// Between control points the value moves linearly; before the first point it is the first
/// point's value, after the last point it holds the last value until a later curve of the same
/// control starts. A single point is an instantaneous change (AHAP's `Parameter`).
public struct ParameterCurve: Sendable, Hashable {
    /// Which control the curve drives: Core Haptics' dynamic parameter ids.
    public enum Control: String, Sendable, Hashable, CaseIterable {
        /// Multiplies every event's intensity (0...1; 1 when no curve is active).
        case intensity = "HapticIntensityControl"
        /// Is added to every event's sharpness (-1...1; 0 when no curve is active).
        case sharpness = "HapticSharpnessControl"
        /// Scales the attack time of the events that start under it by 4^value (-1...1; 0
        /// when no curve is active): a quarter as long at -1, four times at 1.
        case attackTime = "HapticAttackTimeControl"
        /// Scales the decay time of the events that start under it, as `attackTime` does.
        case decayTime = "HapticDecayTimeControl"
        /// Scales the release time of the events that start under it, as `attackTime` does.
        case releaseTime = "HapticReleaseTimeControl"

        /// Core Haptics' name for `intensity`.
        public static let hapticIntensityControl = Control.intensity
        /// Core Haptics' name for `sharpness`.
        public static let hapticSharpnessControl = Control.sharpness
        /// Core Haptics' name for `attackTime`.
        public static let hapticAttackTimeControl = Control.attackTime
        /// Core Haptics' name for `decayTime`.
        public static let hapticDecayTimeControl = Control.decayTime
        /// Core Haptics' name for `releaseTime`.
        public static let hapticReleaseTimeControl = Control.releaseTime

        /// The control's value where no curve has started yet.
        public var neutralValue: Double {
            switch self {
            case .intensity: 1
            case .sharpness, .attackTime, .decayTime, .releaseTime: 0
            }
        }

        /// The range values are clamped to.
        public var range: ClosedRange<Double> {
            switch self {
            case .intensity: 0...1
            case .sharpness, .attackTime, .decayTime, .releaseTime: -1...1
            }
        }

        /// Whether the control scales envelope times rather than levels.
        public var isTimeControl: Bool {
            switch self {
            case .intensity, .sharpness: false
            case .attackTime, .decayTime, .releaseTime: true
            }
        }
    }

    /// One point of the curve.
    public struct Point: Sendable, Hashable {
        /// Seconds from the start of the curve.
        public var time: Double
        /// The control's value at that time.
        public var value: Double

        /// Creates a point `time` seconds into the curve.
        public init(time: Double, value: Double) {
            self.time = time
            self.value = value
        }
    }

    /// The control driven.
    public var control: Control
    /// Seconds from the start of the pattern at which the curve starts.
    public var time: Double
    /// The control points, in time order, times relative to `time`.
    public var points: [Point]

    /// Creates a curve; points are sorted by time.
    public init(control: Control, time: Double, points: [Point]) {
        self.control = control
        self.time = time
        self.points = points.sorted { $0.time < $1.time }
    }

    /// The curve's value at `time`, in seconds from the start of the pattern.
    ///
    /// Each point is placed at `self.time + point.time`, and the value is interpolated between
    /// those absolute times; at a point's own time it is that point's value. Working in
    /// absolute times means a curve cut into chunks (as `AHAPWriter` cuts curves into Core
    /// Haptics' 16 points) gives bit for bit the same values as the whole curve, as long as
    /// each chunk's points land on the same absolute times.
    public func value(at time: Double) -> Double {
        guard let first = points.first, let last = points.last else { return control.neutralValue }
        if time <= self.time + first.time { return first.value }
        if time >= self.time + last.time { return last.value }
        var upper = 1
        while self.time + points[upper].time < time { upper += 1 }
        let a = points[upper - 1]
        let b = points[upper]
        let start = self.time + a.time
        let end = self.time + b.time
        guard end > start, time != end else { return b.value }
        return a.value + (b.value - a.value) * (time - start) / (end - start)
    }
}
