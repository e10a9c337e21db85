/// An Xbox One S output report 0x03 over Bluetooth, decoded, with when the device side read it.
///
/// The layout hid-microsoft's `xb1s_ff_report` writes and the pad's descriptor declares: the
/// report id, a mask of the actuators the report enables (0x01 the right handle's weak motor,
/// 0x02 the left handle's strong one, 0x04 the right trigger's motor, 0x08 the left
/// trigger's), four magnitudes 0...100 (left trigger, right trigger, left handle, right
/// handle), how long to play in 10 ms units, a start delay in 10 ms units and a loop count.
struct XboxRumbleReport: Sendable, CustomStringConvertible {
    /// The enable bit of the right handle's (weak) motor.
    static let rightHandleBit: UInt8 = 0x01
    /// The enable bit of the left handle's (strong) motor.
    static let leftHandleBit: UInt8 = 0x02
    /// The enable bit of the right trigger's motor.
    static let rightTriggerBit: UInt8 = 0x04
    /// The enable bit of the left trigger's motor.
    static let leftTriggerBit: UInt8 = 0x08

    /// When the device side read it, on the VM's monotonic clock.
    let at: Duration
    /// The enable mask.
    let enable: UInt8
    /// The left trigger's magnitude, 0...100.
    let leftTrigger: Int
    /// The right trigger's magnitude, 0...100.
    let rightTrigger: Int
    /// The left handle's (strong) magnitude, 0...100.
    let leftHandle: Int
    /// The right handle's (weak) magnitude, 0...100.
    let rightHandle: Int
    /// How long to play, in 10 ms units.
    let duration: Int
    /// The start delay, in 10 ms units.
    let delay: Int
    /// The loop count.
    let loop: Int

    /// Decodes an output report; nil for any report but a full 0x03.
    init?(_ output: UhidDevice.Output) {
        let bytes = output.bytes
        guard bytes.count >= 9, bytes[0] == 0x03 else { return nil }
        at = output.at
        enable = bytes[1]
        leftTrigger = Int(bytes[2])
        rightTrigger = Int(bytes[3])
        leftHandle = Int(bytes[4])
        rightHandle = Int(bytes[5])
        duration = Int(bytes[6])
        delay = Int(bytes[7])
        loop = Int(bytes[8])
    }

    /// The four magnitudes: left trigger, right trigger, left handle, right handle.
    var magnitudes: [Int] { [leftTrigger, rightTrigger, leftHandle, rightHandle] }

    /// `enable 0f triggers 100/60 handles 0/0 for 60 ms after 0 ms, loop 0`.
    var description: String {
        "enable \(enable < 16 ? "0" : "")\(String(enable, radix: 16)) triggers \(leftTrigger)/\(rightTrigger) "
            + "handles \(leftHandle)/\(rightHandle) for \(duration * 10) ms after \(delay * 10) ms, loop \(loop)"
    }
}
