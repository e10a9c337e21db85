/// The DualSense's output report as hid-playstation writes it: report 0x02 over USB (63
/// bytes), 0x31 over Bluetooth (78 bytes: a sequence number, the tag 0x10, and a CRC32 over
/// 0xA2 and the report at its end), both carrying the same 47-byte common part.
///
/// Only what a valid-flag bit names takes effect: a report with only the trigger bits (0x04
/// right, 0x08 left, in `valid_flag0`) leaves the motors, lights and audio the kernel's
/// driver set untouched. The common part's layout: `valid_flag0`, `valid_flag1`, the right
/// (weak) and left (strong) motor, audio and LED bytes, then at offset 10 the right trigger's
/// effect block and at 21 the left's (SDL's `DS5EffectsState_t`).
public struct DualSenseOutputReport: Sendable, Hashable {
    /// `valid_flag0`'s bit for the motors' rumble emulation (`COMPATIBLE_VIBRATION`).
    public static let motorsFlag: UInt8 = 0x01
    /// `valid_flag0`'s bit that selects the motors' haptics (`HAPTICS_SELECT`).
    public static let hapticsSelectFlag: UInt8 = 0x02
    /// `valid_flag0`'s bit for the right trigger's effect.
    public static let rightTriggerFlag: UInt8 = 0x04
    /// `valid_flag0`'s bit for the left trigger's effect.
    public static let leftTriggerFlag: UInt8 = 0x08

    /// The USB report's id and length.
    public static let usbID: UInt8 = 0x02
    /// The USB report's length, its id included.
    public static let usbLength = 63
    /// The Bluetooth report's id.
    public static let bluetoothID: UInt8 = 0x31
    /// The Bluetooth report's length, its id and CRC included.
    public static let bluetoothLength = 78
    /// The Bluetooth report's tag byte (`DS_OUTPUT_TAG`).
    public static let bluetoothTag: UInt8 = 0x10
    /// The byte the Bluetooth report's CRC32 starts with (`PS_OUTPUT_CRC32_SEED`).
    public static let crcSeed: UInt8 = 0xA2

    /// The motors' levels, strong (left) and weak (right), 0...255, or `nil` to leave them.
    public var motors: (strong: UInt8, weak: UInt8)?
    /// The right trigger's block, or `nil` to leave it.
    public var rightTrigger: DualSenseTriggerBlock?
    /// The left trigger's block, or `nil` to leave it.
    public var leftTrigger: DualSenseTriggerBlock?

    /// Creates a report that sets what is not `nil`.
    public init(
        motors: (strong: UInt8, weak: UInt8)? = nil, rightTrigger: DualSenseTriggerBlock? = nil, leftTrigger: DualSenseTriggerBlock? = nil
    ) {
        self.motors = motors
        self.rightTrigger = rightTrigger
        self.leftTrigger = leftTrigger
    }

    /// The 47 bytes of the common part.
    public var common: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 47)
        if let motors {
            bytes[0] |= Self.motorsFlag | Self.hapticsSelectFlag
            bytes[2] = motors.weak
            bytes[3] = motors.strong
        }
        if let rightTrigger {
            bytes[0] |= Self.rightTriggerFlag
            bytes.replaceSubrange(10..<21, with: rightTrigger.bytes)
        }
        if let leftTrigger {
            bytes[0] |= Self.leftTriggerFlag
            bytes.replaceSubrange(21..<32, with: leftTrigger.bytes)
        }
        return bytes
    }

    /// The USB report: the id, the common part, zeros.
    public var usb: [UInt8] {
        let body = [Self.usbID] + common
        return body + [UInt8](repeating: 0, count: Self.usbLength - body.count)
    }

    /// The Bluetooth report with `sequence` (0...15, in the high nibble of its second byte),
    /// the tag, the common part, zeros, and the CRC32 of 0xA2 and the bytes before it, little
    /// endian.
    public func bluetooth(sequence: UInt8) -> [UInt8] {
        var bytes = [Self.bluetoothID, (sequence & 0x0F) << 4, Self.bluetoothTag] + common
        bytes += [UInt8](repeating: 0, count: Self.bluetoothLength - 4 - bytes.count)
        let crc = CRC32.checksum([Self.crcSeed] + bytes)
        return bytes + (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
    }

    /// The report for the bus: Bluetooth's with `sequence`, else USB's.
    public func bytes(bluetooth isBluetooth: Bool, sequence: UInt8) -> [UInt8] {
        isBluetooth ? bluetooth(sequence: sequence) : usb
    }

    /// Whether two reports set the same things.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.common == rhs.common
    }

    /// Hashes what the report sets.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(common)
    }
}
