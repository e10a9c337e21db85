/// The Steam Deck controller's state, input report 0x09, as hid-steam's
/// `steam_do_deck_input_event` reads it: 64 bytes, `01 00` then the message type 9 and its
/// length; the buttons from byte 8 (byte 10 bit 4: the right trackpad touched), the right
/// trackpad's position at bytes 20-23 (x, y: signed 16-bit, little-endian, y up).
public struct SteamDeckInputReport: Sendable, Hashable {
    /// Where a finger touches a trackpad, from -32768 to 32767 on each axis.
    public struct Touch: Sendable, Hashable {
        /// Left to right.
        public var x: Int16
        /// Bottom to top.
        public var y: Int16

        /// A touch at `x`, `y`.
        public init(x: Int16, y: Int16) {
            self.x = x
            self.y = y
        }
    }

    /// The message type of the Deck's state.
    public static let messageType: UInt8 = 0x09

    /// The right trackpad's touch, or `nil` while no finger is on it.
    public var rightTrackpad: Touch?

    /// Reads a report; `nil` unless it is the Deck's 64-byte state.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count == 64, bytes[0] == 1, bytes[1] == 0, bytes[2] == Self.messageType else { return nil }
        let value = { (offset: Int) in Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8) }
        rightTrackpad = bytes[10] & 0x10 != 0 ? Touch(x: value(20), y: value(22)) : nil
    }
}
