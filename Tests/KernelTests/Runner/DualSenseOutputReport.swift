/// A USB DualSense output report 0x02, decoded as far as rumble and the adaptive triggers go,
/// with when the device side read it.
///
/// After the report id come the fields hid-playstation's `dualsense_output_report_common` and
/// SDL's `DS5EffectsState_t` agree on: two bytes of valid flags (which fields the pad is to
/// take from this report), the right (weak) and left (strong) motors, four audio bytes, the
/// mute LED and power-save bytes, then the right trigger's 11-byte effect block and the left
/// one's (bytes 11...21 and 22...32 of the report). In the first valid-flag byte, 0x01 and 0x02
/// select the motors (classic rumble and haptics select, which hid-playstation sets), 0x04 the
/// right trigger's block and 0x08 the left one's.
struct DualSenseOutputReport: Sendable, CustomStringConvertible {
    /// The first valid-flag byte's motor bits.
    static let motorBits: UInt8 = 0x03
    /// The first valid-flag byte's bit for the right trigger's block.
    static let rightTriggerBit: UInt8 = 0x04
    /// The first valid-flag byte's bit for the left trigger's block.
    static let leftTriggerBit: UInt8 = 0x08

    /// When the device side read it, on the VM's monotonic clock.
    let at: Duration
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

    /// Decodes an output report; nil for any report but a full 0x02.
    init?(_ output: UhidDevice.Output) {
        let bytes = output.bytes
        guard bytes.count >= 33, bytes[0] == 0x02 else { return nil }
        at = output.at
        validFlag0 = bytes[1]
        validFlag1 = bytes[2]
        rightMotor = bytes[3]
        leftMotor = bytes[4]
        rightTrigger = DualSenseTriggerEffect(bytes[11..<22])
        leftTrigger = DualSenseTriggerEffect(bytes[22..<33])
    }

    /// Whether the report sets either trigger's block (hid-playstation never does).
    var setsTriggers: Bool { validFlag0 & (Self.rightTriggerBit | Self.leftTriggerBit) != 0 }

    /// Whether the report sets the motors.
    var setsMotors: Bool { validFlag0 & Self.motorBits != 0 }

    /// `flags 04 00 motors 0/0 right vibration ... left off`.
    var description: String {
        let hex = { (byte: UInt8) in (byte < 16 ? "0" : "") + String(byte, radix: 16) }
        return "flags \(hex(validFlag0)) \(hex(validFlag1)) motors \(leftMotor)/\(rightMotor) right \(rightTrigger) left \(leftTrigger)"
    }
}
