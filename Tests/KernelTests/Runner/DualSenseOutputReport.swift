/// A DualSense output report, USB 0x02 or Bluetooth 0x31, decoded as far as rumble and the
/// adaptive triggers go, with when the device side read it.
///
/// Over USB, the report id comes first; over Bluetooth (78 bytes), the id, a byte whose top four
/// bits count the reports, a tag byte (0x10), and at the end the little-endian CRC-32 of 0xA2
/// and the 74 bytes before it. Then the fields hid-playstation's `dualsense_output_report_common`
/// and SDL's `DS5EffectsState_t` agree on: two bytes of valid flags (which fields the pad is to
/// take from this report), the right (weak) and left (strong) motors, four audio bytes, the mute
/// LED and power-save bytes, then the right trigger's 11-byte effect block and the left one's
/// (bytes 11...21 and 22...32 of a USB report, two later over Bluetooth). In the first
/// valid-flag byte, 0x01 and 0x02 select the motors (classic rumble and haptics select, which
/// hid-playstation sets), 0x04 the right trigger's block and 0x08 the left one's. The light
/// bar's red, green and blue are the common fields' bytes 44...46 (after the second reserved
/// block, `valid_flag2`, the LED setup, brightness and player LED bytes), taken when the second
/// valid-flag byte has 0x04 (hid-playstation's lightbar control enable).
struct DualSenseOutputReport: Sendable, CustomStringConvertible {
    /// The first valid-flag byte's motor bits.
    static let motorBits: UInt8 = 0x03
    /// The first valid-flag byte's bit for the right trigger's block.
    static let rightTriggerBit: UInt8 = 0x04
    /// The first valid-flag byte's bit for the left trigger's block.
    static let leftTriggerBit: UInt8 = 0x08

    /// The second valid-flag byte's bit for the light bar's colour.
    static let lightBarBit: UInt8 = 0x04

    /// When the device side read it, on the VM's monotonic clock.
    let at: Duration
    /// Whether it is the Bluetooth report 0x31.
    let isBluetooth: Bool
    /// Whether its CRC matches (always, over USB, which has none).
    let isSealed: Bool
    /// The first valid-flag byte.
    let validFlag0: UInt8
    /// The second valid-flag byte (LEDs, lightbar, ...).
    let validFlag1: UInt8
    /// The right (weak) motor.
    let rightMotor: UInt8
    /// The left (strong) motor.
    let leftMotor: UInt8
    /// The right trigger's effect block.
    let rightTrigger: DualSenseTriggerEffect
    /// The left trigger's effect block.
    let leftTrigger: DualSenseTriggerEffect

    /// The light bar's red, green and blue bytes.
    let lightBar: [UInt8]

    /// Decodes an output report; nil for any report but a full 0x02.
    init?(_ output: UhidDevice.Output) {
        let bytes = output.bytes
        guard let common = Self.commonOffset(in: bytes) else { return nil }
        at = output.at
        isBluetooth = bytes[0] == 0x31
        isSealed = !isBluetooth || CRC32.isSealed(bytes, seed: 0xA2)
        validFlag0 = bytes[common]
        validFlag1 = bytes[common + 1]
        rightMotor = bytes[common + 2]
        leftMotor = bytes[common + 3]
        rightTrigger = DualSenseTriggerEffect(bytes[(common + 10)..<(common + 21)])
        leftTrigger = DualSenseTriggerEffect(bytes[(common + 21)..<(common + 32)])
        lightBar = Array(bytes[(common + 44)...(common + 46)])
    }

    /// Where the common fields start: after the id of a USB report 0x02 (48 bytes), after the
    /// id, sequence and tag bytes of a Bluetooth report 0x31 (78 bytes); nil for any other
    /// report.
    static func commonOffset(in bytes: [UInt8]) -> Int? {
        switch bytes.first {
        case 0x02? where bytes.count >= 48: return 1
        case 0x31? where bytes.count >= 78: return 3
        default: return nil
        }
    }

    /// Whether the report sets either trigger's block (hid-playstation never does).
    var setsTriggers: Bool { validFlag0 & (Self.rightTriggerBit | Self.leftTriggerBit) != 0 }

    /// The colour the report sets on the light bar, nil when it sets none.
    var lightBarColor: [UInt8]? { validFlag1 & Self.lightBarBit != 0 ? lightBar : nil }

    /// Whether the report sets the motors.
    var setsMotors: Bool { validFlag0 & Self.motorBits != 0 }

    /// `flags 04 00 motors 0/0 right vibration ... left off`.
    var description: String {
        let hex = { (byte: UInt8) in (byte < 16 ? "0" : "") + String(byte, radix: 16) }
        let link = isBluetooth ? (isSealed ? "bt " : "bt BAD CRC ") : ""
        return link
            + "flags \(hex(validFlag0)) \(hex(validFlag1)) motors \(leftMotor)/\(rightMotor) right \(rightTrigger) left \(leftTrigger)"
    }
}
