/// A value sent to an advanced player to change one control of everything it plays, from a
/// given time on, as Core Haptics' `CHHapticDynamicParameter`.
///
/// - `hapticIntensityControl` (0...1) multiplies every event's intensity;
/// - `hapticSharpnessControl` (-1...1) is added to every event's sharpness;
/// - `hapticAttackTimeControl`, `hapticDecayTimeControl`, `hapticReleaseTimeControl` (-1...1)
///   scale those times of the events that start after the change, by 4^value.
///
/// Each combines with the pattern's own curve of the same control: intensity multiplies,
/// the others add. Values outside the range are clamped.
public struct DynamicParameter: Sendable, Hashable {
    /// Which control: Core Haptics' dynamic parameter ids.
    public typealias ID = ParameterCurve.Control

    /// The control changed.
    public var parameterID: ID
    /// Its new value.
    public var value: Double
    /// Seconds after the time the parameter is sent for (`atTime`) at which it applies.
    public var relativeTime: Double

    /// Creates a parameter change, as `CHHapticDynamicParameter(parameterID:value:relativeTime:)`.
    public init(parameterID: ID, value: Double, relativeTime: Double = 0) {
        self.parameterID = parameterID
        self.value = value
        self.relativeTime = relativeTime
    }
}

extension ParameterCurve {
    /// Creates a curve as `CHHapticParameterCurve(parameterID:controlPoints:relativeTime:)`:
    /// for an advanced player, `relativeTime` counts from the time it is scheduled for.
    public init(parameterID: Control, controlPoints: [Point], relativeTime: Double = 0) {
        self.init(control: parameterID, time: relativeTime, points: controlPoints)
    }
}

extension ParameterCurve.Point {
    /// Creates a point as `CHHapticParameterCurve.ControlPoint(relativeTime:value:)`.
    public init(relativeTime: Double, value: Double) {
        self.init(time: relativeTime, value: value)
    }
}
