/// One command a Steam Deck's controller received as a FEATURE report, decoded from the
/// layouts in the kernel's `drivers/hid/hid-steam.c` (`steam_send_report`,
/// `steam_haptic_rumble`, `steam_haptic_pulse`) and SDL's `controller_structs.h`, written for
/// these tests apart from the library's encoders.
///
/// On the wire the report has no report id: its first byte is the report number 0, then the
/// controller's message: the message id, the length of the payload, the payload.
struct SteamDeckCommand: Equatable, CustomStringConvertible {
    /// `ID_TRIGGER_RUMBLE_CMD`: the handles' motors.
    static let rumbleID: UInt8 = 0xEB
    /// `ID_TRIGGER_HAPTIC_PULSE`: a trackpad's actuator.
    static let pulseID: UInt8 = 0x8F

    /// The message id.
    let id: UInt8
    /// The payload, as long as the message's length byte says (cut to what arrived).
    let payload: [UInt8]

    /// Decodes a SET_REPORT's bytes; `nil` unless they start with the report number 0 and a
    /// message id.
    init?(_ report: [UInt8]) {
        guard report.count >= 3, report[0] == 0 else { return nil }
        id = report[1]
        payload = Array(report.dropFirst(3).prefix(Int(report[2])))
    }

    /// The rumble command's fields: the left and right motors' speeds (u16 after a type byte
    /// and a u16 intensity) and their gains; `nil` for another message.
    var rumble: (leftSpeed: UInt16, rightSpeed: UInt16, leftGain: UInt8, rightGain: UInt8)? {
        guard id == Self.rumbleID, payload.count >= 9 else { return nil }
        return (Self.u16(payload, 3), Self.u16(payload, 5), payload[7], payload[8])
    }

    /// Which trackpad a pulse plays on, as the side byte says (hid-steam swaps its own left
    /// and right when it writes it).
    enum Side: UInt8, Equatable {
        /// Byte 0.
        case right = 0
        /// Byte 1.
        case left = 1
        /// Byte 2.
        case both = 2
    }

    /// The pulse's fields: the side, on and off time (µs), the count and the gain (dB, signed);
    /// `nil` for another message or an unknown side.
    var pulse: (side: Side, onMicroseconds: UInt16, offMicroseconds: UInt16, count: UInt16, gain: Int8)? {
        guard id == Self.pulseID, payload.count >= 8, let side = Side(rawValue: payload[0]) else { return nil }
        return (side, Self.u16(payload, 1), Self.u16(payload, 3), Self.u16(payload, 5), Int8(bitPattern: payload[7]))
    }

    /// Whether this is a rumble command with both motors stopped.
    var stopsMotors: Bool { rumble.map { $0.leftSpeed == 0 && $0.rightSpeed == 0 } ?? false }

    /// Whether this is a rumble command turning a motor.
    var turnsMotors: Bool { rumble.map { $0.leftSpeed != 0 || $0.rightSpeed != 0 } ?? false }

    var description: String {
        if let rumble { return "rumble(\(rumble.leftSpeed), \(rumble.rightSpeed))" }
        if let pulse {
            return "pulse(\(pulse.side), on \(pulse.onMicroseconds) µs, off \(pulse.offMicroseconds) µs, ×\(pulse.count), \(pulse.gain) dB)"
        }
        return "0x" + String(id, radix: 16)
    }

    /// The little-endian u16 at `offset`.
    private static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }
}
