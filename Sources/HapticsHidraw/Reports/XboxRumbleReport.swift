/// The Xbox One S and Series pads' rumble output report 3 over Bluetooth, as hid-microsoft's
/// `xb1s_ff_report` lays it out: the id, the enable bits, four magnitudes 0...100 (left
/// trigger, right trigger, left handle, right handle), how long to play in 10 ms units, a
/// start delay in 10 ms units and a loop count; nine bytes.
///
/// The report here always enables all four motors (bits 0x01 right handle, 0x02 left handle,
/// 0x04 right trigger, 0x08 left trigger), so it owns them all while it plays; no delay and no
/// loop, so the pad stops by itself after the duration.
public struct XboxRumbleReport: Sendable, Hashable {
    /// The report's id.
    public static let id: UInt8 = 0x03
    /// The enable bits of all four motors.
    public static let allMotors: UInt8 = 0x0F
    /// The longest duration a report carries: 255 × 10 ms.
    public static let longestDuration = Duration.milliseconds(2550)

    /// The left trigger's magnitude, 0...100.
    public var leftTrigger: UInt8
    /// The right trigger's magnitude, 0...100.
    public var rightTrigger: UInt8
    /// The left handle's magnitude, 0...100.
    public var leftHandle: UInt8
    /// The right handle's magnitude, 0...100.
    public var rightHandle: UInt8
    /// How long the pad plays, in 10 ms units (1...255).
    public var duration10ms: UInt8

    /// Creates a report; magnitudes are held to 0...100 and the duration to 1...255 units.
    public init(leftTrigger: UInt8, rightTrigger: UInt8, leftHandle: UInt8, rightHandle: UInt8, duration10ms: UInt8) {
        self.leftTrigger = min(leftTrigger, 100)
        self.rightTrigger = min(rightTrigger, 100)
        self.leftHandle = min(leftHandle, 100)
        self.rightHandle = min(rightHandle, 100)
        self.duration10ms = max(duration10ms, 1)
    }

    /// All four motors at 0: what hands them back to the kernel's driver.
    public static let silence = XboxRumbleReport(leftTrigger: 0, rightTrigger: 0, leftHandle: 0, rightHandle: 0, duration10ms: 1)

    /// The magnitude of a level 0...1: `round(100 · level)`, at least 1 for a level above zero.
    public static func magnitude(_ level: Double) -> UInt8 {
        guard level > 0, !level.isNaN else { return 0 }
        return UInt8(max(1, min(100, (100 * level).rounded())))
    }

    /// The duration units of a frame's length: rounded up to 10 ms, 1...255.
    public static func units(_ duration: Duration) -> UInt8 {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return UInt8(min(255, max(1, (milliseconds / 10).rounded(.up))))
    }

    /// The nine bytes.
    public var bytes: [UInt8] {
        [Self.id, Self.allMotors, leftTrigger, rightTrigger, leftHandle, rightHandle, duration10ms, 0, 0]
    }
}
