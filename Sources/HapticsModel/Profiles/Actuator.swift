/// One vibrating part of a pad, as its kernel driver drives it from one `FF_RUMBLE` motor.
public struct Actuator: Sendable, Hashable {
    /// Which handle the actuator sits in, as the player holds the pad.
    public enum Side: String, Sendable, Hashable, CaseIterable {
        /// The left handle.
        case left
        /// The right handle.
        case right
    }

    /// How the actuator makes vibration.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An eccentric rotating mass: a motor spinning an off-centre weight. It needs tens of
        /// milliseconds to spin up, and its frequency rises with its level.
        case eccentricRotatingMass = "eccentric rotating mass"
        /// A linear resonant actuator: a mass on a spring, driven at carrier frequencies.
        case linearResonantActuator = "linear resonant actuator"
        /// A voice coil: a speaker-like actuator that follows a waveform closely.
        case voiceCoil = "voice coil"
        /// Not known: a pad Haptics has no facts about.
        case unknown
    }

    /// The handle, or `nil` when not known.
    public var side: Side?
    /// How it vibrates.
    public var kind: Kind
    /// The fixed carrier frequencies it plays at, in Hz; empty when they are not fixed (an
    /// eccentric motor) or not known.
    public var carriers: [Double]
    /// The frequencies, in Hz, its path lets a pattern choose (HD Rumble's carriers), or `nil`
    /// when the path sets none (an eccentric motor, fixed carriers, a rumble emulation).
    public var frequencyBand: ClosedRange<Double>?

    /// Creates an actuator.
    public init(side: Side?, kind: Kind, carriers: [Double] = [], frequencyBand: ClosedRange<Double>? = nil) {
        self.side = side
        self.kind = kind
        self.carriers = carriers
        self.frequencyBand = frequencyBand
    }

    /// A short description, e.g. `left eccentric rotating mass` or `right linear resonant
    /// actuator at 160 Hz + 320 Hz`.
    public var summary: String {
        let place = side.map { "\($0.rawValue) " } ?? ""
        let carried = carriers.isEmpty ? "" : " at " + carriers.map { "\(Int($0.rounded())) Hz" }.joined(separator: " + ")
        return place + kind.rawValue + carried
    }
}
