/// One rumble packet a Switch controller received: an output report 0x10 (rumble only) or 0x01
/// (a subcommand, which carries rumble too), decoded: its 4-bit sequence counter and both
/// sides' rumble, with when the device side read it.
///
/// Byte 0 is the report id, byte 1's low four bits the counter (the pad expects it one higher
/// in each report, wrapping after 15), bytes 2...5 the left actuator and 6...9 the right one
/// (`SwitchRumble`).
struct SwitchRumblePacket: Sendable, CustomStringConvertible {
    /// When the device side read it, on the VM's monotonic clock.
    let at: Duration
    /// 0x10 or 0x01.
    let reportID: UInt8
    /// The sequence counter, 0...15.
    let counter: Int
    /// The left actuator's rumble.
    let left: SwitchRumble
    /// The right actuator's rumble.
    let right: SwitchRumble

    /// Decodes an output report; nil for one that is not 0x10 or 0x01, or whose rumble does
    /// not decode.
    init?(_ output: UhidDevice.Output) {
        let bytes = output.bytes
        guard bytes.count >= 10, bytes[0] == 0x10 || bytes[0] == 0x01,
            let left = SwitchRumble(bytes[2..<6]), let right = SwitchRumble(bytes[6..<10])
        else { return nil }
        self.at = output.at
        self.reportID = bytes[0]
        self.counter = Int(bytes[1] & 0x0F)
        self.left = left
        self.right = right
    }

    /// Whether both actuators are silent.
    var isSilent: Bool { left.isSilent && right.isSilent }

    /// `#3 left ... right ...`.
    var description: String { "#\(counter) left \(left) right \(right)" }
}
