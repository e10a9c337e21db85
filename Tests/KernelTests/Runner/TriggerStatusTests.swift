import Glibc
import Synchronization
import VirtualDevices

/// `haptics trigger --status` on the emulated DualSense, over USB and Bluetooth: the statuses
/// the pad's input reports hold print as JSON lines, both triggers at first, then one line per
/// change; `--hold` ends it with exit 0 (over USB), SIGINT with exit 130 (over Bluetooth). With a slope set beside `--status`, the pad's feedback
/// status reads as the slope's; a pad without adaptive triggers (the Xbox over Bluetooth) exits
/// 64 naming what it has. libhaptics' `haptics_trigger_status`
/// (`Tests/KernelTests/CLibrary/trigger-effect.c --status`) reads the same statuses.
enum TriggerStatusTests {
    static func all(programs: HidrawTests.Programs?, library: String?) -> [KernelTest] {
        guard let programs else { return [] }
        let libraryTests = library.map { library in
            [
                KernelTest(name: "trigger status dualsense: libhaptics' haptics_trigger_status reads the triggers' statuses") {
                    try await libraryStatus(library)
                }
            ]
        }
        return [false, true].map { bluetooth in
            KernelTest(
                name:
                    "trigger status dualsense over \(bluetooth ? "bluetooth" : "usb"): the input reports' statuses print as JSON lines, one per change"
            ) {
                try await statusLines(programs, bluetooth: bluetooth)
            }
        } + [
            KernelTest(name: "trigger status dualsense: with a slope set, the feedback status reads as the slope's") {
                try await slopeStatus(programs)
            },
            KernelTest(name: "trigger status xbox: a pad without adaptive triggers exits 64 naming what it has") {
                try await noAdaptiveTriggers(programs)
            },
        ] + (libraryTests ?? [])
    }

    /// What the pad reports for a while: the triggers' fields, sent every 10 ms until the
    /// output holds `lines` lines.
    private struct Phase {
        let left: DualSenseTriggerInput
        let right: DualSenseTriggerInput
        let lines: Int
    }

    private static let feedbackLoaded = DualSenseTriggerInput(value: 102, stop: 4, status: 1, effect: 1)
    private static let weaponFired = DualSenseTriggerInput(value: 255, stop: 9, status: 2, effect: 2)
    private static let vibrating = DualSenseTriggerInput(value: 51, stop: 2, status: 1, effect: 3)
    private static let free = DualSenseTriggerInput(value: 0, stop: 0, status: 0, effect: 0)

    private static func statusLines(_ programs: HidrawTests.Programs, bluetooth: Bool) async throws {
        let pad = try VirtualDualSense(bluetooth: bluetooth)
        defer { pad.destroy() }
        let lines = try run(
            programs, ["trigger", "--status"] + (bluetooth ? [] : ["--hold", "2"]), on: pad,
            phases: [
                Phase(left: feedbackLoaded, right: weaponFired, lines: 2), Phase(left: feedbackLoaded, right: vibrating, lines: 3),
            ])
        let expected = [
            #"{"side":"left","status":"feedback-load-applied","arm_position":0.44,"position":0.4,"effect":"feedback"}"#,
            #"{"side":"right","status":"weapon-fired","arm_position":1,"position":1,"effect":"weapon"}"#,
            #"{"side":"right","status":"vibration-is-vibrating","arm_position":0.22,"position":0.2,"effect":"vibration"}"#,
        ]
        try expect(
            lines == expected,
            "haptics trigger --status printed:\n\(lines.joined(separator: "\n"))\nexpected:\n\(expected.joined(separator: "\n"))")
    }

    private static func slopeStatus(_ programs: HidrawTests.Programs) async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let slope = ["trigger", "right", "slope", "--start", "0.1", "--end", "0.5", "--strength", "0.2", "--end-strength", "1", "--status"]
        let lines = try run(
            programs, slope, on: pad,
            phases: [
                Phase(left: free, right: DualSenseTriggerInput(value: 51, stop: 2, status: 1, effect: 1), lines: 2),
                Phase(left: free, right: DualSenseTriggerInput(value: 204, stop: 5, status: 1, effect: 1), lines: 3),
            ])
        let expected = [
            #"{"side":"left","status":"unknown","arm_position":0,"position":0,"effect":"off"}"#,
            #"{"side":"right","status":"slope-feedback-applying-load","arm_position":0.22,"position":0.2,"effect":"feedback"}"#,
            #"{"side":"right","status":"slope-feedback-finished","arm_position":0.56,"position":0.8,"effect":"feedback"}"#,
        ]
        try expect(
            lines == expected,
            "haptics trigger ... --status printed:\n\(lines.joined(separator: "\n"))\nexpected:\n\(expected.joined(separator: "\n"))")
        try expect(pad.outputReports.last(where: \.setsTriggers)?.rightTrigger.isOff == true, "the slope was not turned off")
    }

    private static func noAdaptiveTriggers(_ programs: HidrawTests.Programs) async throws {
        let pad = try VirtualXboxPad()
        defer { pad.destroy() }
        let (status, output) = try ChildProcess(programs.haptics, ["trigger", "--status", "--hold", "1", "--device", pad.node]).finish()
        try expect(
            status == 64 && output.contains("Error: Xbox Wireless Controller has no adaptive triggers")
                && output.contains("it has rumble at") && output.contains("right-trigger"),
            "haptics trigger --status on the Xbox exited \(status):\n\(output)")
    }

    /// Whether the emulator goes on sending reports.
    private final class Sending: Sendable {
        let isOn = Atomic<Bool>(true)
    }

    private static func libraryStatus(_ library: String) async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let sending = Sending()
        try BackgroundThread.start {
            while sending.isOn.load(ordering: .relaxed) {
                try? pad.sendTriggers(left: feedbackLoaded, right: weaponFired)
                usleep(10_000)
            }
        }
        let (status, output) = try ChildProcess(library, [HidrawTests.dualSenseName, "--status"]).finish()
        sending.isOn.store(false, ordering: .relaxed)
        try expect(status == 0, "trigger-effect --status exited \(status):\n\(output)")
        let expected = ["right weapon-fired 1.00 1.00 weapon", "left feedback-load-applied 0.44 0.40 feedback"]
        for line in expected {
            try expect(output.split(separator: "\n").contains(Substring(line)), "trigger-effect --status printed no '\(line)':\n\(output)")
        }
    }

    /// Runs `haptics` with `arguments` (and the pad's `--device`), its standard output in a
    /// file, while the pad sends each phase's reports until the output holds the phase's lines
    /// (at most 5 s each); then, unless `arguments` hold `--hold` (which must end it with exit 0),
    /// SIGINT, which must end it with exit 130. Returns the lines.
    private static func run(
        _ programs: HidrawTests.Programs, _ arguments: [String], on pad: VirtualDualSense, phases: [Phase]
    ) throws -> [String] {
        let path = "/tmp/haptics-trigger-status.jsonl"
        unlink(path)
        let command = ([programs.haptics] + arguments + ["--device", HidrawTests.dualSenseName]).map { "'\($0)'" }
        let child = try ChildProcess("/bin/sh", ["-c", "exec \(command.joined(separator: " ")) > \(path)"])
        let read = { (readText(path) ?? "").split(separator: "\n").map(String.init) }
        for (index, phase) in phases.enumerated() {
            let deadline = Monotonic.now + .seconds(5)
            while read().count < phase.lines && Monotonic.now < deadline {
                try pad.sendTriggers(left: phase.left, right: phase.right)
                usleep(10_000)
            }
            guard read().count >= phase.lines else {
                child.kill(SIGINT)
                let (status, output) = child.finish()
                throw TestFailure(
                    description:
                        "phase \(index + 1): \(read().count) lines, expected \(phase.lines) (exit \(status)):\n\(read().joined(separator: "\n"))\n\(output)"
                )
            }
        }
        usleep(100_000)
        let held = arguments.contains("--hold")
        if !held { child.kill(SIGINT) }
        let (status, output) = child.finish()
        try expect(
            status == (held ? 0 : 130),
            "haptics \(arguments.joined(separator: " ")) exited \(status)\(held ? "" : " after SIGINT"):\n\(output)")
        return read()
    }
}
