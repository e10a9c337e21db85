/// One haptic event of a pattern, in Core Haptics' terms.
///
/// Times are seconds from the start of the pattern. Intensity and sharpness are 0...1;
/// the envelope times shape a continuous event (see `Renderer` for how each is played).
public struct HapticEvent: Sendable, Hashable {
    /// Whether the event is a tap or a sustained vibration.
    public enum Kind: Sendable, Hashable {
        /// A short, sharp tap (`HapticTransient`): rendered as one pulse.
        case transient
        /// A vibration lasting `duration` seconds (`HapticContinuous`).
        case continuous(duration: Double)
    }

    /// Seconds from the start of the pattern; never negative.
    public var time: Double
    /// Tap or sustained vibration.
    public var kind: Kind
    /// Strength, 0...1.
    public var intensity: Double
    /// Character, 0 (round, low-frequency) ... 1 (crisp, high-frequency).
    public var sharpness: Double
    /// Seconds over which a continuous event ramps up from silence to its intensity.
    public var attackTime: Double
    /// Seconds over which a non-sustained continuous event fades after its attack.
    public var decayTime: Double
    /// Seconds over which a continuous event fades out at its end.
    public var releaseTime: Double
    /// Whether a continuous event holds its intensity for its whole duration.
    public var isSustained: Bool
    /// Whether the pattern's control curves scale this event's intensity and shift its
    /// sharpness, as Core Haptics applies them to every event of a pattern. A `.haptic`
    /// clip's emphasis transients do not: Nice Vibrations plays them with a pattern player of
    /// their own, apart from the curves that shape the continuous signal.
    public var followsParameterCurves: Bool

    /// Creates an event; the defaults are Core Haptics' (intensity 1, sharpness 0.5,
    /// no envelope, sustained, following the pattern's control curves).
    public init(
        time: Double,
        kind: Kind,
        intensity: Double = 1,
        sharpness: Double = 0.5,
        attackTime: Double = 0,
        decayTime: Double = 0,
        releaseTime: Double = 0,
        isSustained: Bool = true,
        followsParameterCurves: Bool = true
    ) {
        self.time = time
        self.kind = kind
        self.intensity = intensity
        self.sharpness = sharpness
        self.attackTime = attackTime
        self.decayTime = decayTime
        self.releaseTime = releaseTime
        self.isSustained = isSustained
        self.followsParameterCurves = followsParameterCurves
    }

    /// Seconds the event lasts as authored: its duration, or 0 for a transient.
    public var duration: Double {
        switch kind {
        case .transient: 0
        case .continuous(let duration): duration
        }
    }

    /// The envelope's gain, 0...1, `elapsed` seconds into the event at its authored envelope
    /// times (see `envelope(at:attack:decay:release:)`).
    public func envelope(at elapsed: Double) -> Double {
        envelope(at: elapsed, attack: attackTime, decay: decayTime, release: releaseTime)
    }

    /// The envelope's gain, 0...1, `elapsed` seconds into the event with the given envelope
    /// times: 1 for a transient; for a continuous event a linear ramp up over `attack`, a
    /// linear fade to silence over `decay` after the attack when not sustained, and a linear
    /// fade over the last `release` of its duration, multiplied.
    public func envelope(at elapsed: Double, attack: Double, decay: Double, release: Double) -> Double {
        guard case .continuous(let duration) = kind else { return 1 }
        var gain = 1.0
        if attack > 0 { gain *= min(1, max(0, elapsed / attack)) }
        if !isSustained, decay > 0, elapsed > attack {
            gain *= max(0, 1 - (elapsed - attack) / decay)
        }
        if release > 0 { gain *= min(1, max(0, (duration - elapsed) / release)) }
        return gain
    }
}
