/// A Valve pad's trackpad haptic pulse, message 0x8F, as hid-steam's `steam_haptic_pulse`
/// lays it out: the side, how long each pulse is on and off (µs, u16), how many pulses
/// (u16), and a gain in dB (a signed byte, -24...+6). The side byte says 0 for the right
/// trackpad, 1 for the left and 2 for both (hid-steam swaps its own left and right when it
/// writes the byte).
public struct SteamPulseReport: Sendable, Hashable {
    /// The message id.
    public static let id: UInt8 = 0x8F
    /// The weakest gain, in dB.
    public static let weakestGain: Int8 = -24
    /// The strongest gain, in dB: what a heavy impact gets.
    public static let strongestGain: Int8 = 6

    /// Which trackpads pulse.
    public enum Side: UInt8, Sendable, Hashable {
        /// The right trackpad.
        case right = 0
        /// The left trackpad.
        case left = 1
        /// Both trackpads.
        case both = 2
    }

    /// Which trackpads pulse.
    public var side: Side
    /// How long each pulse is on, in µs.
    public var onMicroseconds: UInt16
    /// How long it is off after each pulse, in µs.
    public var offMicroseconds: UInt16
    /// How many pulses.
    public var count: UInt16
    /// The gain in dB, held to -24...+6.
    public var gain: Int8

    /// Creates a pulse; the gain is held to -24...+6 dB.
    public init(side: Side, onMicroseconds: UInt16, offMicroseconds: UInt16, count: UInt16, gain: Int8) {
        self.side = side
        self.onMicroseconds = onMicroseconds
        self.offMicroseconds = offMicroseconds
        self.count = count
        self.gain = min(max(gain, Self.weakestGain), Self.strongestGain)
    }

    /// The gain of a level 0...1: linear in dB from -24 dB (just above 0) to +6 dB (1).
    public static func gain(_ level: Double) -> Int8 {
        let clamped = level.isNaN ? 0 : min(max(level, 0), 1)
        return Int8((Double(weakestGain) + Double(strongestGain - weakestGain) * clamped).rounded())
    }

    /// The `HIDIOCSFEATURE` buffer: report number 0, then the 64-byte message.
    public var bytes: [UInt8] {
        let payload =
            [side.rawValue] + SteamFeatureReport.littleEndian(onMicroseconds)
            + SteamFeatureReport.littleEndian(offMicroseconds) + SteamFeatureReport.littleEndian(count)
            + [UInt8(bitPattern: gain)]
        return SteamFeatureReport.buffer(id: Self.id, payload: payload)
    }
}
