import Glibc
import VirtualDevices

/// libhaptics on the emulated DualSense (`Tests/KernelTests/CLibrary/trigger-effect.c`):
/// `haptics_set_trigger_effect` sends the blocks `haptics trigger` sends for the same effect, a
/// NaN sends nothing, closing the engine turns the trigger off; a waveform envelope on the right
/// trigger plays as vibration within the trigger's 10-160 Hz band, its frequency rising from
/// about 40 Hz to about 150 Hz as the envelope's does, and ends off; a program that exits with
/// an effect set, without closing its engine, leaves the trigger off (the pad's guardian resets it).
/// On the emulated Xbox pad, vibration plays on the trigger's motor once the trigger is past its
/// start, feedback is unsupported, and closing the engine sets the motors to 0.
enum LibraryTriggerTests {
    static func all(program: String?, haptics: String?) -> [KernelTest] {
        guard let program, let haptics else { return [] }
        return [
            KernelTest(name: "libhaptics dualsense: trigger effects as haptics trigger sends them, off on close; a waveform envelope") {
                try await effects(program: program, haptics: haptics)
            },
            KernelTest(name: "libhaptics dualsense: a program exiting with an effect set leaves the trigger off within 200 ms") {
                try await exitUnclosed(program: program)
            },
            KernelTest(name: "libhaptics xbox: vibration follows the trigger on its motor, feedback unsupported, 0 after close") {
                try await triggerMotors(program: program)
            },
        ]
    }

    /// The right trigger's block `haptics trigger right ARGUMENTS` sets.
    private static func block(_ haptics: String, _ arguments: [String], on pad: VirtualDualSense) throws -> DualSenseTriggerEffect {
        let since = Monotonic.now
        let command = ["trigger", "right"] + arguments + ["--hold", "0.1", "--device", HidrawTests.dualSenseName]
        let (status, output) = try ChildProcess(haptics, command).finish()
        try expect(status == 0, "haptics \(command.joined(separator: " ")) exited \(status):\n\(output)")
        usleep(100_000)
        let set = try require(pad.outputReports.first { $0.at >= since && $0.setsTriggers }, "haptics trigger set nothing")
        return set.rightTrigger
    }

    private static func effects(program: String, haptics: String) async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let weapon = try block(haptics, ["weapon", "--start", "0.2", "--end", "0.6", "--strength", "1"], on: pad)
        let positional = try block(haptics, ["positional-feedback", "--strengths", "0,0,0.2,0.4,0.6,0.8,1,0,0,0.5"], on: pad)
        usleep(100_000)
        let since = Monotonic.now
        let (status, output) = try ChildProcess(program, [HidrawTests.dualSenseName]).finish()
        try expect(status == 0, "trigger-effect exited \(status):\n\(output)")
        usleep(100_000)
        var blocks: [DualSenseTriggerEffect] = []
        for report in pad.outputReports where report.at >= since && report.setsTriggers && blocks.last != report.rightTrigger {
            blocks.append(report.rightTrigger)
        }
        let described = blocks.map(\.description).joined(separator: ", ")
        try expect(blocks.count >= 5, "the right trigger got \(described)\n\(output)")
        try expect(blocks[0] == weapon, "the weapon effect sent \(blocks[0]), haptics trigger \(weapon)")
        try expect(blocks[1] == positional, "the positional effect sent \(blocks[1]), haptics trigger \(positional)")
        try expect(blocks[2].isOff, "after the NaN and the close the trigger got \(blocks[2]), not off: \(described)")
        let vibrations = blocks.dropFirst(3).dropLast()
        let frequencies = vibrations.compactMap { block -> Int? in
            if case .vibration(_, _, let frequency) = block.mode { return frequency }
            return nil
        }
        try expect(frequencies.count == vibrations.count, "the envelope sent blocks other than vibration: \(described)")
        try expect(frequencies.allSatisfy { (10...160).contains($0) }, "the envelope left the 10-160 Hz band: \(frequencies)")
        let rises = frequencies.firstIndex { $0 <= 50 }.flatMap { low in frequencies.lastIndex { $0 >= 120 }.map { low < $0 } }
        try expect(rises == true, "the envelope's frequency did not rise from 40 to 150 Hz: \(frequencies)")
        try expect(blocks.last?.isOff == true, "the trigger was not off after the envelope: \(described)")
    }

    private static func exitUnclosed(program: String) async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let since = Monotonic.now
        let (status, output) = try ChildProcess(program, [HidrawTests.dualSenseName, "--exit-unclosed"]).finish()
        let exited = Monotonic.now
        try expect(status == 0, "trigger-effect --exit-unclosed exited \(status):\n\(output)")
        let set = try require(
            pad.outputReports.first { $0.at >= since && $0.setsTriggers && !$0.rightTrigger.isOff },
            "the effect never reached the pad:\n\(output)")
        _ = Monotonic.wait(upTo: .seconds(1)) { pad.outputReports.contains { $0.at > set.at && $0.setsTriggers && $0.rightTrigger.isOff } }
        let off = try require(
            pad.outputReports.first { $0.at > set.at && $0.setsTriggers && $0.rightTrigger.isOff }, "the trigger was not turned off")
        let late = off.at - exited
        try expect(late <= .milliseconds(200), "the trigger was off \(Int(late.inMilliseconds)) ms after the exit")
        print("note: the trigger was off \(Int(late.inMilliseconds)) ms after the program's exit was seen (negative: before)")
    }

    private static func triggerMotors(program: String) async throws {
        let pad = try VirtualXboxPad()
        defer { pad.destroy() }
        let since = Monotonic.now
        let child = try ChildProcess(program, [pad.node, "--trigger-motors"])
        let sounded = try XboxTriggerTests.hold(pad, right: 0.7, upTo: .seconds(3)) {
            pad.rumbleReports.contains { $0.at >= since && $0.magnitudes == [0, 60, 0, 0] }
        }
        let (status, output) = child.finish()
        try expect(status == 0, "trigger-effect --trigger-motors exited \(status):\n\(output)")
        try expect(
            output.contains("trigger motors, not adaptive triggers"), "feedback was not refused naming the trigger motors:\n\(output)")
        try expect(sounded, "the right trigger's motor never played 60 past the start: \(XboxTriggerTests.timeline(pad, since: since))")
        usleep(100_000)
        try expect(
            pad.rumbleReports.last?.magnitudes == [0, 0, 0, 0],
            "the motors are not at 0 after close: \(XboxTriggerTests.timeline(pad, since: since))")
    }
}
