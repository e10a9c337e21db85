/// One step of a dual-motor waveform: both motors held at fixed levels for a while.
///
/// The strong motor is the low-frequency (heavy) one, the weak motor the high-frequency
/// (light) one, as in the kernel's `FF_RUMBLE` and SDL's rumble.
public struct RumbleFrame: Sendable, Hashable {
    /// When the frame starts: from the start of its track, or, when a player hands it to a
    /// driver, from the start of the player.
    public var start: Duration
    /// How long the levels hold. Zero on a silent frame means "until further notice".
    public var duration: Duration
    /// The strong (low-frequency) motor's level, 0...1.
    public var strong: Double
    /// The weak (high-frequency) motor's level, 0...1.
    public var weak: Double
    /// The master gain the output applies on top of the levels, 0...1. A driver for a
    /// device with hardware gain (`FF_GAIN`) sends it to the device; any other driver
    /// multiplies (see `scaledStrong` and `scaledWeak`). Frames of a track have gain 1.
    public var gain: Double

    /// Creates a frame; levels and gain are clamped to 0...1. (Inlinable: the player makes
    /// one on every frame; see `PlayerCore` on a frame's cost.)
    @inlinable public init(start: Duration, duration: Duration, strong: Double, weak: Double, gain: Double = 1) {
        self.start = start
        self.duration = duration
        self.strong = Self.unit(strong)
        self.weak = Self.unit(weak)
        self.gain = Self.unit(gain)
    }

    /// The strong motor's level with the gain applied.
    public var scaledStrong: Double { strong * gain }
    /// The weak motor's level with the gain applied.
    public var scaledWeak: Double { weak * gain }
    /// Whether both motors are off.
    public var isSilent: Bool { strong == 0 && weak == 0 || gain == 0 }
    /// When the frame ends (summed in attoseconds: see `PlayerCore` on a frame's cost).
    @inlinable @inline(__always) public var end: Duration { Duration(attoseconds: start.attoseconds + duration.attoseconds) }

    /// `value` clamped to 0...1, NaN as 0.
    @usableFromInline static func unit(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }
}
