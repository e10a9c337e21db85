import Glibc
import VirtualDevices

/// The pads' hidraw nodes in the VM, and the hidraw driver played through the `haptics` CLI
/// against the emulators, which decode every output report it writes: the DualSense's trigger
/// effect blocks, the Switch Pro's HD Rumble packets, the Xbox's four motors.
enum HidrawTests {
    /// The tests; the CLI's only when `haptics` gives its path.
    static func all(haptics: String?) -> [KernelTest] {
        [
            KernelTest(
                name: "hidraw: every uhid pad has a node found through sysfs, and what is written to it reaches the pad", body: nodes)
        ]
    }

    /// Each pad's hidraw node, found from its event node through sysfs, takes a report that the
    /// emulator receives byte for byte and decodes.
    private static func nodes() async throws {
        let dualSense = try VirtualDualSense()
        defer { dualSense.destroy() }
        // Output report 0x02 with only the right trigger's bit: a vibration from the start of
        // the travel (every zone active at the top strength, 0x3FFFFFFF) at 200 Hz.
        var trigger = [UInt8](repeating: 0, count: 48)
        trigger[0] = 0x02
        trigger[1] = DualSenseOutputReport.rightTriggerBit
        trigger.replaceSubrange(11..<22, with: [0x26, 0xFF, 0x03, 0xFF, 0xFF, 0xFF, 0x3F, 0, 0, 200, 0])
        let sent = try deliver(trigger, to: dualSense)
        let report = try require(DualSenseOutputReport(sent), "the DualSense's report does not decode")
        try expect(
            report.rightTrigger.mode == .vibration(start: 0, amplitude: 1, frequency: 200)
                && report.leftTrigger.bytes.allSatisfy { $0 == 0 }
                && !report.setsMotors && report.setsTriggers,
            "the DualSense decoded \(report)")

        let switchPro = try VirtualSwitchPro()
        defer { switchPro.destroy() }
        // Report 0x10, counter 5: the left side at step 100 on both bands (hid-nintendo's own
        // bytes), the right side's high band at step 40 and its low band at step 100, both
        // bands' carrier code 64 (320 Hz and 160 Hz).
        let rumble: [UInt8] = [0x10, 0x05, 0x00, 0xC9, 0x40, 0x72, 0x00, 0x51, 0x40, 0x72]
        let packet = try require(SwitchRumblePacket(try deliver(rumble, to: switchPro)), "the Switch Pro's packet does not decode")
        try expect(
            packet.counter == 5 && packet.left.highStep == 100 && packet.left.lowStep == 100 && packet.right.highStep == 40
                && packet.right.lowStep == 100 && packet.right.highFrequency == 320 && packet.right.lowFrequency == 160,
            "the Switch Pro decoded \(packet)")

        let xbox = try VirtualXboxPad()
        defer { xbox.destroy() }
        let motors: [UInt8] = [0x03, 0x0F, 10, 20, 30, 40, 25, 1, 2]
        let decoded = try require(XboxRumbleReport(try deliver(motors, to: xbox)), "the Xbox's report does not decode")
        try expect(
            decoded.enable == 0x0F && decoded.magnitudes == [10, 20, 30, 40] && decoded.duration == 25 && decoded.delay == 1
                && decoded.loop == 2,
            "the Xbox decoded \(decoded)")
    }

    /// Writes `report` to the pad's hidraw node and waits for the pad to receive it; returns
    /// what the pad received.
    private static func deliver(_ report: [UInt8], to pad: any VirtualRumblePad) throws -> UhidDevice.Output {
        let node = try HidrawNode.of(pad.node)
        let start = pad.device.outputs.count
        try HidrawNode.write(report, to: node)
        var received: UhidDevice.Output?
        _ = Monotonic.wait(upTo: .seconds(1)) {
            received = pad.device.outputs.dropFirst(start).first { $0.bytes.starts(with: report) }
            return received != nil
        }
        let others = pad.device.outputs.dropFirst(start).map { GoldenReports.hex($0.bytes, masking: []) }
        return try require(received, "\(report.count) bytes written to \(node) did not reach \(pad.node); it received \(others)")
    }
}
