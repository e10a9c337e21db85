import Glibc
import VirtualDevices

/// `hapticsd` showing a theme's `Led` feedback on an emulated DualSense's light bar beside its
/// `VibraRumble`, asked by `fbcli` (which stays on the bus until `FeedbackEnded`): the bar
/// blinks red at the theme's frequency while the motors rumble, and shows hid-playstation's
/// probe blue again when the feedback ends; SIGTERM mid-blink restores it too.
enum LightDaemonTests {
    /// The theme: 1200 ms of rumble and a red light blinking at 4 Hz (4000 mHz: lit 125 ms,
    /// dark 125 ms), in the profiles Debian's theme puts them in.
    static let theme = """
        {"name": "lights", "profiles": [
          {"name": "quiet", "feedbacks": [{"event-name": "x-test-light", "type": "VibraRumble", "duration": 1200, "magnitude": 1}]},
          {"name": "silent", "feedbacks": [{"event-name": "x-test-light", "type": "Led", "color": "#ff0000", "frequency": 4000}]}
        ]}
        """

    /// The test; none unless the programs' paths are given.
    static func all(hapticsd: String?, tools: FeedbackDaemon.Tools?) -> [KernelTest] {
        guard let hapticsd, let tools else { return [] }
        return [
            KernelTest(
                name:
                    "hapticsd light: a theme's Led feedback blinks the DualSense's light bar beside its rumble and restores it at the end and on SIGTERM"
            ) {
                try await blinks(hapticsd: hapticsd, tools: tools)
            }
        ]
    }

    private static func blinks(hapticsd: String, tools: FeedbackDaemon.Tools) async throws {
        let path = "/tmp/lights-theme.json"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try expect(fd >= 0, "cannot write \(path)")
        _ = theme.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let start = try DualSenseTests.settled(pad)
        let daemon = try FeedbackDaemon(
            name: "hapticsd-lights", tools: tools, program: hapticsd, arguments: { _ in ["--device", pad.node, "--theme", path] })
        var stopped = false
        defer { if !stopped { _ = daemon.stop() } }

        let red: [UInt8] = [255, 0, 0]
        let dark: [UInt8] = [0, 0, 0]
        let triggered = Monotonic.now
        let client = try daemon.trigger("x-test-light")
        let restored = Monotonic.wait(upTo: .seconds(5)) {
            DualSenseTests.lightBarColors(pad, from: start).last == DualSenseTests.probeBlue
        }
        client.kill(SIGTERM)
        let (status, output) = client.finish()
        let reports = pad.outputReports.dropFirst(start)
        let lights = reports.compactMap { report in report.lightBarColor.map { (at: report.at, color: $0) } }
        var changes: [(at: Duration, color: [UInt8])] = []
        for light in lights where changes.last?.color != light.color { changes.append(light) }
        let shown = changes.map { "\(Int(($0.at - triggered).inMilliseconds))ms \($0.color)" }.joined(separator: ", ")
        try expect(restored, "the light bar never came back to the probe's blue: \(shown)\n\(output)")
        try expect(status == 0, "fbcli exited \(status):\n\(output)")
        let colors = changes.map(\.color)
        try expect(colors.first == red && colors.last == DualSenseTests.probeBlue, "the light bar went through \(shown)")
        let blinking = colors.dropLast()
        try expect(
            zip(blinking, blinking.dropFirst()).allSatisfy { $0 != $1 && [red, dark].contains($0) && [red, dark].contains($1) },
            "the light bar did not alternate red and dark before the restore: \(shown)")
        let lit = blinking.filter { $0 == red }.count
        try expect((4...6).contains(lit), "the light bar was lit \(lit) times in 1200 ms at 4 Hz, not 5: \(shown)")
        // fbcli takes its time to start in the guest: the feedback's 1200 ms count from the
        // first report, which may itself wait behind the rumble's.
        let end = (changes.last?.at ?? .zero) - (changes.first?.at ?? .zero)
        try expect(
            end >= .milliseconds(1000) && end <= .milliseconds(1600),
            "the light bar was restored \(end) after it lit, not 1200 ms: \(shown)")
        // The blink's edges after the first (whose report may wait behind the rumble's), each
        // half a period after the one before: their median interval.
        let edges = changes.dropFirst().dropLast().map(\.at)
        let intervals = zip(edges, edges.dropFirst()).map { $1 - $0 }.sorted()
        let median = intervals.isEmpty ? .zero : intervals[intervals.count / 2]
        try expect(
            median >= .milliseconds(100) && median <= .milliseconds(150), "the light bar switched every \(median), not 125 ms: \(shown)")
        print("  light bar: \(shown)")
        let rumble = pad.motorReports.filter { $0.at >= triggered }
        let on = rumble.firstIndex { $0.levels != .off }
        try expect(on != nil, "the motors never rumbled beside the light: \(rumble.map(\.levels))")
        if let on {
            let light = (changes.first?.at ?? .zero) - rumble[on].at
            try expect(
                light < .milliseconds(300) && light > .milliseconds(-300),
                "the rumble started \(rumble[on].at - triggered) after the trigger, the light \((changes.first?.at ?? .zero) - triggered)")
            try expect(rumble[on...].contains { $0.levels == .off }, "the motors were not stopped: \(rumble.map(\.levels))")
        }

        // SIGTERM while the light blinks: the daemon restores the bar as it exits.
        let again = pad.outputReports.count
        let second = try daemon.trigger("x-test-light")
        let lightUp = Monotonic.wait(upTo: .seconds(3)) { DualSenseTests.lightBarColors(pad, from: again).contains(red) }
        let log = daemon.stop()
        stopped = true
        // fbcli answers SIGTERM by ending its feedback over a bus that is gone, and waits.
        second.kill(SIGKILL)
        _ = second.finish()
        try expect(lightUp, "the second trigger never lit the bar: \(DualSenseTests.lightBarColors(pad, from: again))")
        let back = Monotonic.wait(upTo: .seconds(2)) { DualSenseTests.lightBarColors(pad, from: again).last == DualSenseTests.probeBlue }
        try expect(
            back, "SIGTERM left the light bar at \(DualSenseTests.lightBarColors(pad, from: again)); bus:\n\(log.suffix(1500))")
    }
}
