public import HapticsModel

/// What the DualSense's input report says of its adaptive triggers: report 0x01 over USB
/// (64 bytes), 0x31 over Bluetooth (78 bytes: a tag byte after the id, so everything one byte
/// later, and a CRC32 of 0xA1 and the bytes before it in the last four, little-endian).
///
/// The offsets count from the report's common part (after the id, and over Bluetooth the
/// tag), as the kernel's `hid-playstation.c` (`struct dualsense_input_report`) and SDL's
/// `SDL_hidapi_ps5.c` (`PS5StatePacket_t`) both lay it out: the triggers' analog values at 4
/// (left, L2) and 5 (right, R2), the touch points at 32...39, the battery at 52. The bytes
/// between, which both leave unnamed, the community's "DualSense data structures" notes
/// (`USBGetStateData`) name: after the touch points and their timestamp byte (40), byte 41
/// holds the right trigger's stop location (low nibble) and status (high nibble), byte 42 the
/// left's, and byte 47 the active effect of the right (low nibble) and the left (high
/// nibble), just before the device timestamp SDL reads at 48.
///
/// - Stop location: the trigger's mechanical arm, 0...9 (`armPosition` is it over 9).
/// - Effect: 0 none (off, and the modes the pad does not report), 1 feedback, 2 weapon,
///   3 vibration.
/// - Status, by effect: feedback 0 no load, 1 load applied; weapon 0 ready, 1 firing,
///   2 fired; vibration 0 not vibrating, 1 vibrating.
public struct DualSenseInputReport: Sendable, Hashable {
    /// One trigger's fields, as the report holds them.
    public struct Trigger: Sendable, Hashable {
        /// How far the finger pulls it, 0 (rest) ... 255 (fully pulled).
        public var value: UInt8
        /// Where its mechanical arm stops, 0...9.
        public var stopLocation: UInt8
        /// What its effect is doing, by effect (the nibble as sent).
        public var statusCode: UInt8
        /// Which effect it runs (the nibble as sent).
        public var effectCode: UInt8

        /// A trigger's fields.
        public init(value: UInt8, stopLocation: UInt8, statusCode: UInt8, effectCode: UInt8) {
            self.value = value
            self.stopLocation = stopLocation
            self.statusCode = statusCode
            self.effectCode = effectCode
        }

        /// The fields as a `TriggerStatus`: a stop location past 9 reads as 9, a status the
        /// effect does not name (or any under no effect) as `unknown`, an effect past 3 as
        /// no mode.
        public var status: TriggerStatus {
            let mode: TriggerMode? =
                switch effectCode {
                case 0: .off
                case 1: .feedback
                case 2: .weapon
                case 3: .vibration
                default: nil
                }
            let state: TriggerState =
                switch (mode, statusCode) {
                case (.feedback, 0): .feedbackNoLoad
                case (.feedback, 1): .feedbackLoadApplied
                case (.weapon, 0): .weaponReady
                case (.weapon, 1): .weaponFiring
                case (.weapon, 2): .weaponFired
                case (.vibration, 0): .vibrationNotVibrating
                case (.vibration, 1): .vibrationIsVibrating
                default: .unknown
                }
            return TriggerStatus(
                state: state, armPosition: Double(min(stopLocation, Self.lastStop)) / Double(Self.lastStop),
                position: Double(value) / 255, mode: mode)
        }

        /// The arm's last stop.
        static let lastStop: UInt8 = 9
    }

    /// The id of the USB report.
    public static let usbID: UInt8 = 0x01
    /// Its length, the id included.
    public static let usbLength = 64
    /// The id of the Bluetooth report.
    public static let bluetoothID: UInt8 = 0x31
    /// Its length, the id and the CRC included.
    public static let bluetoothLength = 78
    /// The byte the Bluetooth report's CRC starts from.
    public static let crcSeed: UInt8 = 0xA1

    /// The left trigger (L2).
    public var left: Trigger
    /// The right trigger (R2).
    public var right: Trigger

    /// Reads a report: `nil` unless it is a whole report 0x01 or (with its CRC right) 0x31.
    /// The pad's short Bluetooth report 0x01, sent before the driver asks for the full one,
    /// holds no trigger status and is `nil` too.
    public init?(_ bytes: [UInt8]) {
        let common: Int
        switch bytes.first {
        case Self.usbID where bytes.count >= Self.usbLength:
            common = 1
        case Self.bluetoothID where bytes.count >= Self.bluetoothLength:
            let end = Self.bluetoothLength - 4
            let sent = bytes[end..<Self.bluetoothLength].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard CRC32.checksum([Self.crcSeed] + bytes[..<end]) == sent else { return nil }
            common = 2
        default:
            return nil
        }
        let trigger = { (value: Int, status: Int, effect: UInt8) in
            Trigger(
                value: bytes[common + value], stopLocation: bytes[common + status] & 0x0F, statusCode: bytes[common + status] >> 4,
                effectCode: effect)
        }
        let effects = bytes[common + 47]
        left = trigger(4, 42, effects >> 4)
        right = trigger(5, 41, effects & 0x0F)
    }

    /// The trigger on `side`.
    public func trigger(_ side: Actuator.Side) -> Trigger {
        side == .left ? left : right
    }
}
