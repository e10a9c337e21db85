/// The Steam Deck's rumble command, message 0xEB, as hid-steam's `steam_haptic_rumble` and
/// SDL's Deck driver lay it out: a type byte, an intensity (u16), the left and the right
/// motor's speed (u16 each, little-endian), the left and the right gain. The motors hold the
/// speeds until the next command: speeds 0 stop them.
public struct SteamRumbleReport: Sendable, Hashable {
    /// The message id.
    public static let id: UInt8 = 0xEB

    /// The left (strong) motor's speed.
    public var leftSpeed: UInt16
    /// The right (weak) motor's speed.
    public var rightSpeed: UInt16

    /// A command setting the two speeds (type, intensity and gains 0, as hid-steam sends).
    public init(leftSpeed: UInt16, rightSpeed: UInt16) {
        self.leftSpeed = leftSpeed
        self.rightSpeed = rightSpeed
    }

    /// Both motors stopped.
    public static let stop = SteamRumbleReport(leftSpeed: 0, rightSpeed: 0)

    /// The speed of a level 0...1: `round(65535 · level)`.
    public static func speed(_ level: Double) -> UInt16 {
        guard level > 0, !level.isNaN else { return 0 }
        return UInt16(min(65535, (65535 * level).rounded()))
    }

    /// The `HIDIOCSFEATURE` buffer: report number 0, then the 64-byte message.
    public var bytes: [UInt8] {
        let payload =
            [0] + SteamFeatureReport.littleEndian(0) + SteamFeatureReport.littleEndian(leftSpeed)
            + SteamFeatureReport.littleEndian(rightSpeed) + [0, 0]
        return SteamFeatureReport.buffer(id: Self.id, payload: payload)
    }
}
