/// The Switch Pro Controller's rumble-only output report 0x10, as hid-nintendo sends it: the
/// id, a 4-bit packet counter (one more each report, wrapping after 15), then the left
/// actuator's four bytes and the right's (`SwitchHDRumble`); ten bytes.
public struct SwitchRumbleReport: Sendable, Hashable {
    /// The report's id.
    public static let id: UInt8 = 0x10

    /// The packet counter, 0...15.
    public var counter: UInt8
    /// The left actuator's rumble.
    public var left: SwitchHDRumble
    /// The right actuator's rumble.
    public var right: SwitchHDRumble

    /// Creates a report; the counter keeps its low four bits.
    public init(counter: UInt8, left: SwitchHDRumble, right: SwitchHDRumble) {
        self.counter = counter & 0x0F
        self.left = left
        self.right = right
    }

    /// The ten bytes.
    public var bytes: [UInt8] {
        [Self.id, counter] + left.bytes + right.bytes
    }
}
