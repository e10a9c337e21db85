import Glibc
import VirtualDevices

/// `haptics trigger` on the emulated DualSense: each mode's block, read back with the layout of
/// the pad's effect blocks (`DualSenseTriggerEffect`), holds the zones and strengths asked for;
/// the trigger is off after the command ends, and within 200 ms of SIGINT; a bad value sends
/// nothing.
enum TriggerModeTests {
    /// How soon after SIGINT the trigger must be off.
    static let signalDeadline = Duration.milliseconds(200)

    static func all(programs: HidrawTests.Programs?) -> [KernelTest] {
        guard let programs else { return [] }
        return [
            KernelTest(name: "trigger dualsense: each mode's block holds the zones and strengths asked for, off after exit") {
                try await modesDecode(programs)
            },
            KernelTest(name: "trigger dualsense: SIGINT turns the trigger off within 200 ms, exit 130") {
                try await interrupted(programs)
            },
            KernelTest(name: "trigger dualsense: a bad value exits 64 and sends nothing") {
                try await badValue(programs)
            },
        ]
    }

    /// A 0...1 value as the pad's step, as a fraction: `(1 + round(7 · x)) / 8`, 0 for 0.
    private static func step(_ value: Double) -> Double {
        value > 0 ? (1 + (7 * value).rounded()) / 8 : 0
    }

    /// One mode's command line (after `right`) and what each of its block's zones must hold.
    private struct Case {
        let arguments: [String]
        let mode: UInt8
        let zones: [Double]
        let hertz: UInt8?
    }

    private static let cases: [Case] = {
        let strengths = [0, 0, 0.2, 0.4, 0.6, 0.8, 1, 0, 0, 0.5]
        let amplitudes = [1, 0, 0, 0, 0, 0.3, 0.3, 0, 0, 0]
        // Slope from zone round(0.9) = 1 (0.25) to zone round(6.3) = 6 (1), held to the end.
        let slope = (0..<10).map { zone -> Double in
            guard zone >= 1 else { return 0 }
            return step(0.25 + 0.75 * Double(min(zone, 6) - 1) / 5)
        }
        return [
            Case(
                arguments: ["slope", "--start", "0.1", "--end", "0.7", "--strength", "0.25", "--end-strength", "1"],
                mode: 0x21, zones: slope, hertz: nil),
            Case(
                arguments: ["positional-feedback", "--strengths", strengths.map { "\($0)" }.joined(separator: ",")],
                mode: 0x21, zones: strengths.map(step), hertz: nil),
            Case(
                arguments: ["positional-vibration", "--amplitudes", amplitudes.map { "\($0)" }.joined(separator: ","), "--frequency", "1"],
                mode: 0x26, zones: amplitudes.map(step), hertz: 160),
        ]
    }()

    private static func modesDecode(_ programs: HidrawTests.Programs) async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        for item in cases {
            let since = Monotonic.now
            let arguments = ["trigger", "right"] + item.arguments + ["--hold", "0.3", "--device", HidrawTests.dualSenseName]
            let (status, output) = try ChildProcess(programs.haptics, arguments).finish()
            try expect(status == 0, "haptics \(arguments.joined(separator: " ")) exited \(status):\n\(output)")
            usleep(100_000)
            let reports = pad.outputReports.filter { $0.at >= since && $0.setsTriggers }
            let set = try require(reports.first, "\(item.arguments[0]): nothing reached the pad")
            let block = set.rightTrigger
            try expect(block.bytes[0] == item.mode, "\(item.arguments[0]): mode \(block.bytes[0]), expected \(item.mode): \(block)")
            let zones = try require(block.zoneValues, "\(item.arguments[0]): no zoned block: \(block)")
            try expect(zones == item.zones, "\(item.arguments[0]): zones \(zones), expected \(item.zones)")
            if let hertz = item.hertz {
                try expect(block.bytes[9] == hertz, "\(item.arguments[0]): \(block.bytes[9]) Hz, expected \(hertz)")
            }
            if item.arguments[0] == "slope" {
                try expect(zones == zones.sorted(), "the rising slope is not monotone: \(zones)")
            }
            try expect(reports.last?.rightTrigger.isOff == true, "\(item.arguments[0]): the trigger was not off after exit")
        }
    }

    private static func interrupted(_ programs: HidrawTests.Programs) async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let since = Monotonic.now
        let child = try ChildProcess(
            programs.haptics, ["trigger", "right", "feedback", "--start", "0.3", "--strength", "1", "--device", HidrawTests.dualSenseName])
        let set = Monotonic.wait(upTo: .seconds(4)) { pad.outputReports.contains { $0.at >= since && $0.setsTriggers } }
        let signalled = Monotonic.now
        child.kill(SIGINT)
        let (status, output) = child.finish()
        try expect(set, "the trigger was never set (exit \(status)):\n\(output)")
        try expect(status == 130, "haptics trigger exited \(status) after SIGINT:\n\(output)")
        let off = try require(
            pad.outputReports.first { $0.at >= signalled && $0.setsTriggers && $0.rightTrigger.isOff }, "the trigger was not turned off")
        try expect(off.at - signalled <= signalDeadline, "the trigger was off \(Int((off.at - signalled).inMilliseconds)) ms after SIGINT")
        print("note: the trigger was off \(Int((off.at - signalled).inMilliseconds)) ms after SIGINT")
    }

    private static func badValue(_ programs: HidrawTests.Programs) async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let since = Monotonic.now
        let (status, output) = try ChildProcess(
            programs.haptics,
            ["trigger", "right", "feedback", "--start", "0.3", "--strength", "2", "--hold", "0.1", "--device", HidrawTests.dualSenseName]
        ).finish()
        usleep(100_000)
        try expect(status == 64 && output.contains("--strength"), "a strength of 2 exited \(status):\n\(output)")
        try expect(!pad.outputReports.contains { $0.at >= since && $0.setsTriggers }, "a bad value reached the pad")
    }
}
