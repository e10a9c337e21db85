import Glibc
import Haptics
import HapticsEvdev
import VirtualDevices

/// The evdev driver against `hid-nintendo`, on a uhid Switch Pro Controller: the driver's probe
/// as the pad answers it, both actuators getting their side of every preset, the driver's
/// zero packets after a stop, and no stale level across runs. `PadPlayback` says what reaching
/// the motors means; the pad's tolerance is `VirtualSwitchPro.surelyReported`.
enum SwitchProTests {
    /// The tests; the CLI's only when `haptics` gives its path.
    static func all(haptics: String?) -> [KernelTest] {
        var tests = [
            KernelTest(name: "uhid switch pro: hid-nintendo binds after the USB handshake, calibration reads and set-up", body: binds),
            KernelTest(
                name: "uhid switch pro: every preset reaches both actuators in order on the driver's carriers", body: presetsReachBothSides),
            KernelTest(
                name: "uhid switch pro: a stop ends in the driver's zero-amplitude packets, then quiet", body: stopEndsInZeroPackets),
            KernelTest(name: "uhid switch pro: 20 runs of success, error and in-place steps never show a stale level", body: noStaleLevels),
        ]
        if let haptics {
            tests.append(
                KernelTest(name: "uhid switch pro: haptics devices lists it, haptics play heavy drives both sides fully, then stops") {
                    try await cliListsAndRumbles(haptics: haptics)
                })
        }
        return tests
    }

    /// The driver's probe went as a real pad's does, and discovery sees a rumble gamepad.
    private static func binds() async throws {
        let pad = try VirtualSwitchPro()
        defer { pad.destroy() }
        try expect(pad.driver == "nintendo", "\(pad.node) is driven by \(pad.driver), not hid-nintendo")
        let probe = pad.probe
        try expect(probe.first == "80:02", "the driver did not start with the USB handshake (0x80 0x02): \(probe)")
        // Baud rate, handshake again, no timeout; SPI flash reads, report mode, vibration and
        // IMU on, device info, player and home LEDs.
        let expected: Set = ["80:03", "80:04", "01:10", "01:03", "01:48", "01:40", "01:02", "01:30", "01:38"]
        try expect(expected.isSubset(of: Set(probe)), "the probe lacks \(expected.subtracting(probe).sorted()): \(probe)")
        let reads = Set(
            pad.device.outputs.compactMap { output -> Int? in
                let bytes = output.bytes
                guard bytes.count > 14, bytes[0] == 0x01, bytes[10] == 0x10 else { return nil }
                return bytes[11...14].reversed().reduce(0) { $0 << 8 | Int($1) }
            })
        // The sticks' user calibration magic and factory data, the IMU's user magic and factory data.
        let calibration: Set = [0x8010, 0x801B, 0x603D, 0x6046, 0x8026, 0x6020]
        try expect(
            calibration.isSubset(of: reads),
            "the driver did not read the calibration at \(calibration.subtracting(reads).sorted().map { String($0, radix: 16) }) "
                + "(it read \(reads.sorted().map { String($0, radix: 16) }))")
        let address = pad.mac.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: ":")
        let uniq = sysfsText("/sys/class/input/\(pad.node.split(separator: "/").last ?? "")/device/uniq")
        try expect(uniq == address, "the pad's address is \"\(uniq)\", not the \(address) its device info gave")
        let devices = DeviceDiscovery().devices()
        let info = try require(devices.first { $0.node == pad.node }, "discovery does not list \(pad.node) among \(devices.map(\.node))")
        try expect(info.name == VirtualSwitchPro.inputName, "\(pad.node) is named \(info.name)")
        try expect(info.usbID == "057e:2009" && info.busName == "usb", "\(pad.node) is \(info.usbID) on \(info.busName)")
        try expect(
            info.capabilities.hasRumble && info.capabilities.isGamepad && !info.capabilities.prefersPeriodic,
            "\(pad.node) should be a rumble gamepad: \(info.capabilities)")
    }

    /// Every preset, one after the other: the left actuator follows the strong motor, the right
    /// one the weak motor, and every packet is on the driver's fixed carriers.
    private static func presetsReachBothSides() async throws {
        let pad = try VirtualSwitchPro()
        defer { pad.destroy() }
        let start = pad.device.outputs.count
        let runs = try await PadPlayback.play(Preset.allCases.map { Renderer().render($0.pattern) }, on: pad)
        for (preset, run) in zip(Preset.allCases, runs) {
            try PadPlayback.check(run, on: pad, preset.name)
        }
        let packets = pad.device.outputs.dropFirst(start).filter { $0.bytes.first == 0x10 }
        let carriers = SwitchRumble.driverCarriers
        for packet in packets {
            let sides = try require(
                VirtualSwitchPro.rumble(in: packet.bytes),
                "a rumble packet does not decode: \(GoldenReports.hex(packet.bytes, masking: []))")
            try expect(
                [sides.left, sides.right].allSatisfy { $0.highFrequency == carriers.high && $0.lowFrequency == carriers.low },
                "a packet left the driver's \(carriers.high)/\(carriers.low) Hz carriers: left \(sides.left), right \(sides.right)")
            try expect(
                [sides.left, sides.right].allSatisfy { $0.highStep == $0.lowStep },
                "hid-nintendo gives both bands one step, but a packet has left \(sides.left), right \(sides.right)")
        }
        // soft drives the strong motor harder, rigid the weak one: each side must have led once.
        let levels = runs.flatMap { $0.reports.map(\.levels) }
        try expect(
            levels.contains { $0.strong > $0.weak } && levels.contains { $0.weak > $0.strong },
            "neither side ever led the other: the actuators do not follow their motors")
    }

    /// After a stop the driver sends its zero-amplitude packet (320 Hz, 160 Hz, step 0 on both
    /// sides) and re-sends it a few times, then nothing.
    private static func stopEndsInZeroPackets() async throws {
        let pad = try VirtualSwitchPro()
        defer { pad.destroy() }
        let driver = EvdevDriver(selection: .path(pad.node))
        defer { driver.close() }
        try driver.apply(RumbleFrame(start: .zero, duration: .seconds(2), strong: 1, weak: 0.5))
        let level = PadPlayback.levels(for: RumbleFrame(start: .zero, duration: .seconds(2), strong: 1, weak: 0.5), on: pad)
        try expect(Monotonic.wait(upTo: .seconds(2)) { pad.motorReports.last?.levels == level }, "the pad never reached \(level)")
        let start = pad.device.outputs.count
        try driver.stop()
        usleep(1_000_000)
        let after = pad.device.outputs.dropFirst(start).filter { $0.bytes.first == 0x10 }
        let zero: [UInt8] = [0x00, 0x01, 0x40, 0x40, 0x00, 0x01, 0x40, 0x40]
        let firstZero = try require(after.firstIndex { Array($0.bytes[2..<10]) == zero }, "no zero-amplitude packet after the stop")
        // The packet queued before the stop may go out once more first; nothing else may.
        try expect(
            after[..<firstZero].allSatisfy { VirtualSwitchPro.motorLevels(in: $0.bytes) == level },
            "before the zero packet came \(after[..<firstZero].map { GoldenReports.hex($0.bytes, masking: [1]) })")
        let zeros = after[firstZero...]
        try expect(
            zeros.allSatisfy { Array($0.bytes[2..<10]) == zero },
            "after the zero packet came \(zeros.map { GoldenReports.hex($0.bytes, masking: [1]) })")
        try expect(zeros.count <= 6, "the driver sent \(zeros.count) zero packets, more than its 5 re-sends and the stop's own")
        let last = try require(zeros.last?.at, "no zero packet")
        try expect(Monotonic.now - last > .milliseconds(300), "the driver was still sending 300 ms after its last zero packet")
    }

    /// The stale-level regression the DualSense test guards, on hid-nintendo's queue.
    private static func noStaleLevels() async throws {
        let named = [
            ("success", Renderer().render(Preset.notification(.success).pattern)),
            ("error", Renderer().render(Preset.notification(.error).pattern)),
            ("steps", Renderer().render(try AHAPLoader.decode(Array(DualSenseTests.steps.utf8), file: "steps.ahap").pattern)),
        ]
        let chosen = (0..<20).map { named[$0 % named.count] }
        let pad = try VirtualSwitchPro()
        defer { pad.destroy() }
        let runs = try await PadPlayback.play(chosen.map(\.1), on: pad)
        for (index, run) in runs.enumerated() {
            try PadPlayback.check(run, on: pad, "\(chosen[index].0), run \(index + 1)")
        }
    }

    /// `haptics devices` (and `--json`) list the pad; `haptics play heavy` drives both sides
    /// to the top step, then stops.
    private static func cliListsAndRumbles(haptics: String) async throws {
        let pad = try VirtualSwitchPro()
        defer { pad.destroy() }
        let (listStatus, listing) = try ChildProcess(haptics, ["devices"]).finish()
        try expect(
            listStatus == 0 && listing.contains(pad.node) && listing.contains(VirtualSwitchPro.inputName),
            "haptics devices (\(listStatus)) did not list the pad:\n\(listing)")
        let (jsonStatus, json) = try ChildProcess(haptics, ["devices", "--json"]).finish()
        try expect(
            jsonStatus == 0 && json.contains("\"node\":\"\(pad.node)\"") && json.contains(VirtualSwitchPro.inputName),
            "haptics devices --json (\(jsonStatus)) did not list the pad:\n\(json)")
        let start = pad.motorReports.count
        let (status, output) = try ChildProcess(haptics, ["play", "heavy", "--driver", "evdev", "--device", pad.node]).finish()
        try expect(status == 0, "haptics play exited \(status):\n\(output)")
        let levels = PadPlayback.distinct(PadPlayback.settle(pad, from: start).map(\.levels))
        let expected = [MotorLevels.off, MotorLevels(weak: 100, strong: 100), .off]
        try expect(levels == expected, "the pad went through \(levels), expected \(expected)")
    }

    /// A sysfs attribute's text without its newline, or "" when it cannot be read.
    private static func sysfsText(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return String(decoding: buffer.prefix(max(length, 0)), as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }
}
