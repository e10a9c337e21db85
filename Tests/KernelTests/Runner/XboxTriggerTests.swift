import Glibc
import VirtualDevices

/// `haptics trigger` on the emulated Xbox pad over Bluetooth, whose triggers have rumble
/// motors: the vibration modes play on them at the level the trigger's position (from the pad's
/// input report 1) gives, in report 3; all four motors are at 0 after the command ends, within
/// 200 ms of SIGINT and after SIGKILL (the guardian); a resistance mode exits 64 and writes
/// nothing.
enum XboxTriggerTests {
    /// How soon after SIGINT the motors must be at 0.
    static let signalDeadline = Duration.milliseconds(200)
    /// How often the emulated pad reports the triggers' position while the test holds them.
    static let inputInterval: useconds_t = 20_000

    static func all(programs: HidrawTests.Programs?) -> [KernelTest] {
        guard let programs else { return [] }
        return [
            KernelTest(name: "trigger xbox: vibration and positional-vibration follow the trigger's position, 0 after exit") {
                try await followsThePosition(programs)
            },
            KernelTest(name: "trigger xbox: SIGINT sets the motors to 0 within 200 ms, exit 130; SIGKILL leaves them at 0") {
                try await interrupted(programs)
            },
            KernelTest(name: "trigger xbox: a resistance mode exits 64 naming what the pad plays and writes nothing") {
                try await resistanceRefused(programs)
            },
        ]
    }

    /// Holds the triggers at `left` and `right`, the pad reporting them every
    /// `inputInterval`, until `condition` holds (true) or `timeout` passes (false).
    static func hold(
        _ pad: VirtualXboxPad, left: Double = 0, right: Double = 0, upTo timeout: Duration, until condition: () -> Bool
    ) throws -> Bool {
        let deadline = Monotonic.now + timeout
        while Monotonic.now < deadline {
            try pad.moveTriggers(left: left, right: right)
            if condition() { return true }
            usleep(inputInterval)
        }
        return condition()
    }

    /// The reports since `since`, one a line, for failure messages.
    static func timeline(_ pad: VirtualXboxPad, since: Duration) -> String {
        let reports = pad.rumbleReports.filter { $0.at >= since }
        return reports.isEmpty ? "nothing" : reports.map { "\n  \(Int(($0.at - since).inMilliseconds))ms \($0)" }.joined()
    }

    private static func followsThePosition(_ programs: HidrawTests.Programs) async throws {
        let pad = try VirtualXboxPad()
        defer { pad.destroy() }
        // vibration from 0.5 at 0.8: 80 on the right trigger's motor past 0.5, 0 before.
        var since = Monotonic.now
        var child = try ChildProcess(
            programs.haptics,
            [
                "trigger", "right", "vibration", "--start", "0.5", "--amplitude", "0.8", "--frequency", "0.3", "--hold", "3", "--device",
                pad.node,
            ])
        let sounded = try hold(pad, right: 0.7, upTo: .seconds(2)) { pad.rumbleReports.contains { $0.at >= since && $0.rightTrigger > 0 } }
        try expect(sounded, "the right trigger's motor never sounded past the start: \(timeline(pad, since: since))")
        let past = Monotonic.now
        _ = try hold(pad, right: 0.7, upTo: .milliseconds(350)) { false }
        let held = pad.rumbleReports.filter { $0.at >= past }
        try expect(held.count >= 2, "the level was not sent again while held: \(timeline(pad, since: past))")
        try expect(
            held.allSatisfy { $0.magnitudes == [0, 80, 0, 0] && $0.duration > 0 && $0.duration <= 25 },
            "past the start the report is not 80 on the right trigger alone, for 250 ms at most: \(timeline(pad, since: past))")
        let before = Monotonic.now
        _ = try hold(pad, right: 0.3, upTo: .milliseconds(300)) { false }
        let back = pad.rumbleReports.filter { $0.at >= before }
        try expect(
            back.last?.magnitudes == [0, 0, 0, 0] && back.filter { $0.rightTrigger > 0 }.count <= 1,
            "before the start the motor is not at 0: \(timeline(pad, since: before))")
        var (status, output) = child.finish()
        try expect(status == 0 && output.contains("note:") && output.contains("frequency"), "vibration exited \(status):\n\(output)")
        usleep(100_000)
        try expect(
            pad.rumbleReports.last?.magnitudes == [0, 0, 0, 0], "the motors are not at 0 after exit: \(timeline(pad, since: since))")

        // positional-vibration on the left trigger: zone 7's 0.9, then zone 3's 0.3, zone 0's 0.
        since = Monotonic.now
        child = try ChildProcess(
            programs.haptics,
            [
                "trigger", "left", "positional-vibration", "--amplitudes", "0,0,0,0.3,0,0,0,0.9,0,0", "--frequency", "0.5", "--hold", "3",
                "--device", pad.node,
            ])
        let zone7 = try hold(pad, left: 0.75, upTo: .seconds(2)) { pad.rumbleReports.contains { $0.at >= since && $0.leftTrigger == 90 } }
        try expect(zone7, "zone 7 never played 90: \(timeline(pad, since: since))")
        let zone3 = try hold(pad, left: 0.35, upTo: .seconds(1)) { pad.rumbleReports.last?.leftTrigger == 30 }
        try expect(zone3, "zone 3 never played 30: \(timeline(pad, since: since))")
        let zone0 = try hold(pad, left: 0.05, upTo: .seconds(1)) { pad.rumbleReports.last?.magnitudes == [0, 0, 0, 0] }
        try expect(zone0, "zone 0 did not silence the motor: \(timeline(pad, since: since))")
        (status, output) = child.finish()
        try expect(status == 0, "positional-vibration exited \(status):\n\(output)")
        usleep(100_000)
        try expect(
            pad.rumbleReports.last?.magnitudes == [0, 0, 0, 0], "the motors are not at 0 after exit: \(timeline(pad, since: since))")
    }

    private static func interrupted(_ programs: HidrawTests.Programs) async throws {
        let pad = try VirtualXboxPad()
        defer { pad.destroy() }
        for signal in [SIGINT, SIGKILL] {
            let since = Monotonic.now
            let child = try ChildProcess(
                programs.haptics,
                ["trigger", "both", "vibration", "--start", "0", "--amplitude", "1", "--frequency", "0", "--device", pad.node])
            let sounded = Monotonic.wait(upTo: .seconds(4)) {
                pad.rumbleReports.contains { $0.at >= since && $0.magnitudes == [100, 100, 0, 0] }
            }
            let signalled = Monotonic.now
            child.kill(signal)
            let (status, output) = child.finish()
            try expect(sounded, "both trigger motors never sounded (exit \(status)):\n\(output)\n\(timeline(pad, since: since))")
            _ = Monotonic.wait(upTo: .milliseconds(500)) { pad.rumbleReports.last?.magnitudes == [0, 0, 0, 0] }
            let silence = try require(
                pad.rumbleReports.first { $0.at >= signalled && $0.magnitudes == [0, 0, 0, 0] },
                "the motors were not set to 0 after signal \(signal): \(timeline(pad, since: since))")
            let milliseconds = Int((silence.at - signalled).inMilliseconds)
            if signal == SIGINT {
                try expect(status == 130, "haptics trigger exited \(status) after SIGINT:\n\(output)")
                try expect(silence.at - signalled <= signalDeadline, "the motors were at 0 \(milliseconds) ms after SIGINT")
            }
            try expect(
                !pad.rumbleReports.contains { $0.at > silence.at && $0.magnitudes != [0, 0, 0, 0] },
                "a report sounded after the silence: \(timeline(pad, since: since))")
            print("note: the motors were at 0 \(milliseconds) ms after signal \(signal)")
        }
    }

    private static func resistanceRefused(_ programs: HidrawTests.Programs) async throws {
        let pad = try VirtualXboxPad()
        defer { pad.destroy() }
        let since = Monotonic.now
        let (status, output) = try ChildProcess(
            programs.haptics, ["trigger", "left", "feedback", "--start", "0.3", "--strength", "1", "--hold", "0.1", "--device", pad.node]
        ).finish()
        usleep(100_000)
        try expect(
            status == 64 && output.contains("trigger motors, not adaptive triggers")
                && output.contains("vibration and positional-vibration"),
            "feedback on the Xbox pad exited \(status):\n\(output)")
        try expect(pad.rumbleReports.allSatisfy { $0.at < since }, "a refused mode reached the pad: \(timeline(pad, since: since))")
    }
}
