import HapticsPlatform

/// What one actuator of a pad can play, on the path that drives it: the vocabulary a
/// pattern's numbers are checked against (`haptics devices --json` lists it as `actuators`).
public struct ActuatorLimits: Sendable, Hashable {
    /// How the actuator makes vibration, as `haptics devices --json` names it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An eccentric rotating mass: its frequency rises with its level, none can be chosen.
        case eccentric
        /// A linear resonant actuator: a mass on a spring, driven at carrier frequencies.
        case lra
        /// A voice coil, which follows a waveform closely.
        case voiceCoil = "voice-coil"
        /// An adaptive trigger's motor: resistance under the finger and vibration of the
        /// trigger at a chosen frequency.
        case trigger
        /// A haptic touchpad, which plays the waveforms it lists (a click, a buzz).
        case touchpad
        /// Not known.
        case unknown

        /// The kind of an actuator a profile describes.
        public init(_ kind: Actuator.Kind) {
            switch kind {
            case .eccentricRotatingMass: self = .eccentric
            case .linearResonantActuator: self = .lra
            case .voiceCoil: self = .voiceCoil
            case .unknown: self = .unknown
            }
        }
    }

    /// Where on the pad the actuator is: a single part's locality, or `handles` for a pad
    /// whose two motors cannot be told apart, or `all` for a touchpad.
    public var locality: Locality
    /// How it vibrates.
    public var kind: Kind
    /// The frequencies the path can set, in Hz, or `nil` where it sets none (an eccentric
    /// motor, fixed carriers, a rumble emulation).
    public var frequencyBand: ClosedRange<Double>?
    /// How many levels above silence the path sends (255 for an 8-bit byte).
    public var amplitudeSteps: Int
    /// The shortest pulse that is still felt, or that the path can send.
    public var shortestPulse: Duration

    /// The sharpness at which the path plays `frequency` Hz within `band` (its own band, or the
    /// part of it several actuators share), 0 at the band's low end and 1 at its high end: on
    /// an adaptive trigger linear in Hz (it sends `10 + 150 · sharpness` Hz), on any other
    /// actuator linear in octaves (HD Rumble's carrier codes step in equal ratios).
    public func sharpness(forFrequency frequency: Double, in band: ClosedRange<Double>) -> Double {
        guard band.upperBound > band.lowerBound else { return 0 }
        let position =
            kind == .trigger
            ? (frequency - band.lowerBound) / (band.upperBound - band.lowerBound)
            : binaryLogarithm(frequency / band.lowerBound) / binaryLogarithm(band.upperBound / band.lowerBound)
        return min(max(position, 0), 1)
    }

    /// Creates the limits of one actuator.
    public init(locality: Locality, kind: Kind, frequencyBand: ClosedRange<Double>?, amplitudeSteps: Int, shortestPulse: Duration) {
        self.locality = locality
        self.kind = kind
        self.frequencyBand = frequencyBand
        self.amplitudeSteps = amplitudeSteps
        self.shortestPulse = shortestPulse
    }
}
