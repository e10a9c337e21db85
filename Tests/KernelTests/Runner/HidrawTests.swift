import Glibc
import Haptics
import VirtualDevices

/// The pads' hidraw nodes in the VM, and the hidraw driver played through the `haptics` CLI
/// against the emulators, which decode every output report it writes: the DualSense's trigger
/// effect blocks, the Switch Pro's HD Rumble packets, the Xbox's four motors.
enum HidrawTests {
    /// What the CLI tests need: the `haptics` executable and the directory of the test's AHAP
    /// fixtures (`Tests/KernelTests/Fixtures`).
    struct Programs: Sendable {
        /// The `haptics` executable.
        let haptics: String
        /// The fixtures' directory.
        let fixtures: String
    }

    /// The DualSense's name as `--device` takes it: a part of the pad's name.
    static let dualSenseName = "Wireless Controller"

    /// How often the hidraw driver re-sends a sounding level to a Switch Pro, which the pad
    /// needs to keep playing it (the `switch-pro-hd` profile documents it).
    static let switchResendInterval = Duration.milliseconds(50)

    /// How much later than the resend interval a Switch packet may follow a sounding one: a
    /// guest stalled under emulation delays the driver's timer (a driver that never re-sends
    /// leaves gaps as long as the presets' levels, 150 ms and more).
    static let resendTolerance = Duration.milliseconds(50)

    /// How much sooner than it was written the device side may read a report after the one
    /// before it: each is stamped when the emulator's thread reads it, a little after the
    /// write, and that little varies under emulation.
    static let readingJitter = Duration.milliseconds(5)

    /// How late after `kill -9` the pad may receive its reset.
    static let resetDeadline = Duration.milliseconds(100)

    /// The tests; the CLI's only when `programs` gives the executable and fixtures.
    static func all(programs: Programs?) -> [KernelTest] {
        var tests = [
            KernelTest(
                name: "hidraw: every uhid pad has a node found through sysfs, and what is written to it reaches the pad", body: nodes)
        ]
        if let programs {
            tests += [
                KernelTest(
                    name: "hidraw dualsense: play heavy at right-trigger vibrates the right trigger's block alone, beside evdev's motors"
                ) {
                    try await rightTriggerBesideMotors(programs, bluetooth: false)
                },
                KernelTest(
                    name: "hidraw dualsense over bluetooth: the same in reports 0x31, every one with its CRC"
                ) {
                    try await rightTriggerBesideMotors(programs, bluetooth: true)
                },
                KernelTest(name: "hidraw: haptics devices --json lists each pad's localities and hidraw node") {
                    try await devicesListLocalities(programs)
                },
                KernelTest(
                    name:
                        "hidraw: auto picks the richer path, HD Rumble on the Switch Pro, the triggers beside evdev's handles on the DualSense"
                ) {
                    try await autoPicksTheRicherPath(programs)
                },
                KernelTest(name: "hidraw switch pro: a sharpness sweep plays as strictly rising carriers") {
                    try await sharpnessSweep(programs)
                },
                KernelTest(name: "hidraw switch pro: an intensity ramp plays as rising amplitudes on one carrier") {
                    try await intensityRamp(programs)
                },
                KernelTest(name: "hidraw switch pro: a sharp transient is one short high-carrier burst, a tap") {
                    try await sharpTransient(programs)
                },
                KernelTest(name: "hidraw switch pro: every preset decodes to the documented carriers and steps, in cadence, ending silent")
                {
                    try await presetsDecode(programs)
                },
                KernelTest(name: "hidraw dualsense: the demo's trigger resists up to the threshold, gives way there, and is freed on quit")
                {
                    try await demoTriggerResists(programs)
                },
                KernelTest(name: "hidraw dualsense: kill -9 mid-pattern, the right trigger is reset within 100 ms") {
                    try await killedDualSense(programs)
                },
                KernelTest(name: "hidraw switch pro: kill -9 mid-pattern, both actuators are silenced within 100 ms") {
                    try await killedSwitchPro(programs)
                },
                KernelTest(name: "hidraw xbox: a ramp at the triggers reaches the trigger motors, 50 ms apart at least, ending at zero") {
                    try await xboxTriggers(programs)
                },
            ]
        }
        return tests
    }

    // MARK: - The nodes

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

    // MARK: - DualSense

    /// `haptics play heavy --locality right-trigger --driver hidraw` and `haptics play heavy
    /// --driver evdev`, started together: the hidraw player's reports set the right trigger's
    /// block alone (a vibration as loud as the preset while it plays, off by its exit), with
    /// the motor bytes and bits at 0; the kernel's reports take the evdev player's levels to
    /// the motors. Over Bluetooth every report, the kernel's and the player's, is a 0x31 whose
    /// CRC matches.
    private static func rightTriggerBesideMotors(_ programs: Programs, bluetooth: Bool) async throws {
        let pad = try VirtualDualSense(bluetooth: bluetooth)
        defer { pad.destroy() }
        let frames = try RenderedFrame.render("heavy", pad: "dualsense", haptics: programs.haptics)
        let loudest = frames.map { max($0.strong, $0.weak) }.max() ?? 0
        let since = Monotonic.now
        let motorStart = pad.motorReports.count
        let trigger = try ChildProcess(
            programs.haptics, ["play", "heavy", "--locality", "right-trigger", "--driver", "hidraw", "--device", dualSenseName])
        let motors = try ChildProcess(programs.haptics, ["play", "heavy", "--driver", "evdev", "--device", dualSenseName])
        let (triggerStatus, triggerOutput) = trigger.finish()
        let triggerExited = Monotonic.now
        let (motorStatus, motorOutput) = motors.finish()
        try expect(
            triggerStatus == 0, "haptics play heavy --locality right-trigger --driver hidraw exited \(triggerStatus):\n\(triggerOutput)")
        try expect(motorStatus == 0, "haptics play heavy --driver evdev exited \(motorStatus):\n\(motorOutput)")
        let levels = PadPlayback.distinct(PadPlayback.settle(pad, from: motorStart).map(\.levels))
        let heavy = [MotorLevels.off, MotorLevels(weak: 0xFF, strong: 0xFF), .off]
        try expect(levels == heavy, "the motors went through \(levels), expected evdev's heavy \(heavy)")

        let all = pad.outputReports.filter { $0.at >= since }
        try expect(
            all.allSatisfy { $0.isBluetooth == bluetooth && $0.isSealed },
            "reports not \(bluetooth ? "0x31 with a matching CRC" : "0x02"): \(describe(all, from: since))")
        let reports = all.filter(\.setsTriggers)
        let timeline = describe(reports, from: since)
        try expect(
            !reports.isEmpty,
            "no report set a trigger; the pad received \(describe(all, from: since))")
        for report in reports {
            try expect(
                report.validFlag0 == DualSenseOutputReport.rightTriggerBit && report.validFlag1 == 0 && report.leftMotor == 0
                    && report.rightMotor == 0,
                "a trigger report sets more than the right trigger's block: \(report); all: \(timeline)")
        }
        let vibrating = try require(
            reports.firstIndex { $0.rightTrigger.vibrationAmplitude.map { $0 > 0 } ?? false },
            "the right trigger never vibrated: \(timeline)")
        let amplitude = reports.compactMap(\.rightTrigger.vibrationAmplitude).max() ?? 0
        try expect(
            abs(amplitude - loudest) <= 1.0 / 8 + 0.001,
            "the vibration's amplitude peaked at \(amplitude), the preset's at \(loudest): \(timeline)")
        let last = reports[reports.count - 1]
        try expect(last.rightTrigger.isOff, "the right trigger was left at \(last.rightTrigger): \(timeline)")
        try expect(last.at <= triggerExited, "the right trigger was turned off after the player exited: \(timeline)")
        // How long it vibrated is the engine's real-time playback in a cold process under
        // emulation, whose first frame may come tens of ms late; what the pad must see is the
        // vibration, then the block off.
        try expect(vibrating < reports.count - 1, "the right trigger was not turned off after it vibrated: \(timeline)")
    }

    /// `haptics devices --json` with a DualSense and a Switch Pro plugged in: the DualSense plays
    /// at all seven localities, the Switch Pro at the four without triggers, and each names
    /// the hidraw node of its own HID device, writable (the tests run as root), and its
    /// actuators on that path: the DualSense's triggers with their band, the Switch Pro's
    /// HD Rumble band.
    private static func devicesListLocalities(_ programs: Programs) async throws {
        let dualSense = try VirtualDualSense()
        defer { dualSense.destroy() }
        let switchPro = try VirtualSwitchPro()
        defer { switchPro.destroy() }
        let (status, json) = try ChildProcess(programs.haptics, ["devices", "--json"]).finish()
        try expect(status == 0, "haptics devices --json exited \(status):\n\(json)")
        let expected = [
            (
                dualSense.node, try HidrawNode.of(dualSense.node),
                #"["all","handles","left-handle","right-handle","triggers","left-trigger","right-trigger"]"#
            ),
            (switchPro.node, try HidrawNode.of(switchPro.node), #"["all","handles","left-handle","right-handle"]"#),
        ]
        let actuators = [
            dualSense.node:
                #""actuators":[{"locality":"left-handle","kind":"voice-coil","frequency_hz":null,"amplitude_steps":255,"shortest_pulse_ms":20},"#
                + #"{"locality":"right-handle","kind":"voice-coil","frequency_hz":null,"amplitude_steps":255,"shortest_pulse_ms":20},"#
                + #"{"locality":"left-trigger","kind":"trigger","frequency_hz":[10,160],"amplitude_steps":8,"shortest_pulse_ms":20},"#
                + #"{"locality":"right-trigger","kind":"trigger","frequency_hz":[10,160],"amplitude_steps":8,"shortest_pulse_ms":20}]"#,
            switchPro.node:
                #""actuators":[{"locality":"left-handle","kind":"lra","frequency_hz":[41,1253],"amplitude_steps":100,"shortest_pulse_ms":20},"#
                + #"{"locality":"right-handle","kind":"lra","frequency_hz":[41,1253],"amplitude_steps":100,"shortest_pulse_ms":20}]"#,
        ]
        for (node, hidraw, localities) in expected {
            let rest = json.firstRange(of: "\"node\":\"\(node)\"").map { String(json[$0.lowerBound...]) } ?? ""
            try expect(!rest.isEmpty, "haptics devices --json does not list \(node):\n\(json)")
            try expect(
                rest.contains("\"localities\":\(localities),\"hidraw\":{\"node\":\"\(hidraw)\",\"writable\":true}"),
                "\(node) is not listed with the localities \(localities) and its hidraw node \(hidraw):\n\(json)")
            let listed = rest.split(separator: "\n").first.map(String.init) ?? rest
            try expect(
                listed.contains(actuators[node] ?? "?"), "\(node) is not listed with its actuators \(actuators[node] ?? ""):\n\(json)")
        }
    }

    /// `--driver auto` (the default) with hidraw access: a sharp transient on the Switch Pro is
    /// one HD Rumble packet on the top carrier (the kernel's driver only ever plays 160 + 320
    /// Hz); `haptics play heavy` on the DualSense reaches the motors through the kernel's
    /// reports and, at `all`, the triggers' vibration through hidraw; at `handles` it leaves
    /// the triggers alone.
    private static func autoPicksTheRicherPath(_ programs: Programs) async throws {
        let switchPro = try VirtualSwitchPro()
        let packets = try play(["\(programs.fixtures)/sharp-transient.ahap"], on: switchPro, programs, driver: "auto")
        switchPro.destroy()
        let sounding = packets.filter { !$0.isSilent }
        try expect(
            !sounding.isEmpty && sounding.allSatisfy { $0.left.lowCode == 127 && $0.right.lowCode == 127 },
            "auto did not play HD Rumble's top carrier on the Switch Pro: \(describe(packets))")

        let dualSense = try VirtualDualSense()
        defer { dualSense.destroy() }
        for (locality, triggers) in [("all", true), ("handles", false)] {
            let since = Monotonic.now
            let motorStart = dualSense.motorReports.count
            let (status, output) = try ChildProcess(
                programs.haptics, ["play", "heavy", "--locality", locality, "--device", dualSenseName]
            ).finish()
            try expect(status == 0, "haptics play heavy --locality \(locality) exited \(status):\n\(output)")
            usleep(200_000)
            let reports = dualSense.outputReports.filter { $0.at >= since }
            let timeline = describe(reports, from: since)
            let levels = PadPlayback.distinct(PadPlayback.settle(dualSense, from: motorStart).map(\.levels))
            let heavy = [MotorLevels.off, MotorLevels(weak: 0xFF, strong: 0xFF), .off]
            try expect(levels == heavy, "at \(locality) the motors went through \(levels), expected evdev's heavy \(heavy)")
            let vibrated = reports.contains { $0.setsTriggers && ($0.rightTrigger.vibrationAmplitude ?? 0) > 0 }
            try expect(vibrated == triggers, "at \(locality) the triggers \(vibrated ? "vibrated" : "did not vibrate"): \(timeline)")
            try expect(
                reports.filter(\.setsTriggers).allSatisfy { $0.leftMotor == 0 && $0.rightMotor == 0 },
                "a trigger report set the motors: \(timeline)")
        }
    }

    /// `haptics demo --input trigger` on the DualSense: the trigger the demo reads (R2) gets the
    /// weapon effect while the demo runs, its resistance starting before the refresh threshold
    /// (60 % of the travel) and giving way at it, to the pad's tenth of the travel; once the
    /// demo quits, the block is off.
    private static func demoTriggerResists(_ programs: Programs) async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let since = Monotonic.now
        let demo = try TerminalProcess(programs.haptics, ["demo", "--input", "trigger", "--driver", "evdev", "--device", pad.node])
        let drawn = demo.wait(for: "haptics demo: pull to refresh")
        let isWeapon = { (report: DualSenseOutputReport) -> Bool in
            if case .weapon = report.rightTrigger.mode { report.setsTriggers } else { false }
        }
        let resists = Monotonic.wait(upTo: .seconds(4)) { pad.outputReports.contains { $0.at >= since && isWeapon($0) } }
        let quit = Monotonic.now
        demo.type("q")
        let (status, output) = demo.finish()
        usleep(100_000)
        let reports = pad.outputReports.filter { $0.at >= since && $0.setsTriggers }
        let timeline = describe(reports, from: since)
        try expect(drawn, "haptics demo (\(status)) did not draw its screen:\n\(output)")
        try expect(resists, "the right trigger never got the weapon effect while the demo ran:\n\(output)\(timeline)")
        try expect(status == 0, "haptics demo exited \(status):\n\(output)")
        let set = try require(reports.first(where: isWeapon), "no weapon effect: \(timeline)")
        guard case .weapon(let start, let end, let strength) = set.rightTrigger.mode else { return }
        try expect(
            start < end && abs(end - 0.6) <= 0.5 / 9 + 1e-9 && strength > 0,
            "the resistance should build up before 0.6 of the travel and give way there: \(set.rightTrigger)")
        try expect(
            set.validFlag0 == DualSenseOutputReport.rightTriggerBit && set.leftMotor == 0 && set.rightMotor == 0,
            "the effect's report sets more than the right trigger's block: \(set)")
        let afterQuit = reports.filter { $0.at >= quit }
        try expect(afterQuit.last?.rightTrigger.isOff == true, "the right trigger was not freed when the demo quit: \(timeline)")
    }

    /// `haptics play LONG --locality right-trigger --driver hidraw`, killed with SIGKILL once the
    /// trigger vibrates: the guardian turns the right trigger's block off, with the trigger's
    /// bit alone, within `resetDeadline`.
    private static func killedDualSense(_ programs: Programs) async throws {
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        let since = Monotonic.now
        let player = try ChildProcess(
            programs.haptics,
            ["play", "\(programs.fixtures)/long-buzz.ahap", "--locality", "right-trigger", "--driver", "hidraw", "--device", dualSenseName])
        let vibrates = Monotonic.wait(upTo: .seconds(4)) {
            pad.outputReports.contains { $0.at >= since && ($0.rightTrigger.vibrationAmplitude ?? 0) > 0 && $0.setsTriggers }
        }
        guard vibrates else {
            player.kill(SIGKILL)
            let (status, output) = player.finish()
            throw TestFailure(
                description: "the right trigger never vibrated (the player exited \(status)):\n\(output)\n"
                    + describe(pad.outputReports.filter { $0.at >= since }, from: since))
        }
        let killed = Monotonic.now
        player.kill(SIGKILL)
        let (status, _) = player.finish()
        try expect(status == 128 + SIGKILL, "the player ended with \(status), not by SIGKILL")
        _ = Monotonic.wait(upTo: .seconds(1)) { pad.outputReports.contains { $0.at >= killed && $0.rightTrigger.isOff } }
        usleep(200_000)
        let after = pad.outputReports.filter { $0.at >= killed && $0.setsTriggers }
        let timeline = describe(pad.outputReports.filter { $0.at >= since && $0.setsTriggers }, from: killed)
        let reset = try require(after.first { $0.rightTrigger.isOff }, "no reset reached the pad after the kill: \(timeline)")
        try expect(
            reset.at - killed <= resetDeadline,
            "the reset came \(Int((reset.at - killed).inMilliseconds)) ms after the kill (times from the kill): \(timeline)")
        print("note: the right trigger's reset reached the pad \(tenths(reset.at - killed)) ms after the kill")
        try expect(
            reset.validFlag0 == DualSenseOutputReport.rightTriggerBit && reset.leftMotor == 0 && reset.rightMotor == 0,
            "the reset sets more than the right trigger's block: \(reset)")
        try expect(
            after.last?.rightTrigger.isOff == true, "after the reset the right trigger was set again (times from the kill): \(timeline)")
    }

    /// `elapsed` in milliseconds to a tenth, e.g. `3.4`.
    private static func tenths(_ elapsed: Duration) -> String {
        let tenths = Int((elapsed.inMilliseconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// DualSense reports as `+12ms flags ...`, one a line, times from `origin`.
    private static func describe(_ reports: [DualSenseOutputReport], from origin: Duration) -> String {
        reports.isEmpty ? "nothing" : reports.map { "\n  \(Int((($0.at - origin).inMilliseconds).rounded()))ms \($0)" }.joined()
    }

    // MARK: - Switch Pro

    /// A fixture of five events of rising sharpness played through HD Rumble: the sounding
    /// packets' carrier codes are exactly the ones the rendered frames give, strictly rising.
    private static func sharpnessSweep(_ programs: Programs) async throws {
        let pad = try VirtualSwitchPro()
        defer { pad.destroy() }
        let sweep = "\(programs.fixtures)/sharpness-sweep.ahap"
        let frames = try RenderedFrame.render(sweep, pad: "switch-pro-hd", haptics: programs.haptics)
        let expected = collapsed(frames.filter { !$0.isSilent }.map { HDRumbleMapping($0).codes.sorted() })
        try expect(
            expected.count >= 5 && zip(expected, expected.dropFirst()).allSatisfy { ($0.last ?? 0) < ($1.first ?? 0) },
            "the sweep's frames do not rise in sharpness: codes \(expected)")
        let packets = try play([sweep], on: pad, programs)
        let codes = collapsed(packets.filter { !$0.isSilent }.flatMap { [$0.left, $0.right] }.filter { !$0.isSilent }.map(\.lowCode))
        try expect(
            zip(codes, codes.dropFirst()).allSatisfy { $0 < $1 },
            "the carriers did not rise strictly: codes \(codes) (Hz \(codes.map { SwitchRumble.hertz(code: $0 + 64) }))")
        try expect(
            codes.count == expected.count && zip(codes, expected).allSatisfy { $1.contains($0) },
            "the carriers' codes were \(codes), the frames' \(expected)")
    }

    /// A fixture whose intensity rises every 10 ms at one sharpness (0.5) played through HD
    /// Rumble: every sounding packet is on the carrier code that sharpness gives (64: 160 Hz
    /// and 320 Hz) on both bands and sides, the steps never fall while it sounds, and they rise
    /// from the ramp's first level to near its top.
    private static func intensityRamp(_ programs: Programs) async throws {
        let pad = try VirtualSwitchPro()
        defer { pad.destroy() }
        let ramp = "\(programs.fixtures)/ramp.ahap"
        let frames = try RenderedFrame.render(ramp, pad: "switch-pro-hd", haptics: programs.haptics).filter { !$0.isSilent }
        let first = try require(frames.first.map(HDRumbleMapping.init), "the ramp renders no sounding frame")
        let top = try require(frames.last.map(HDRumbleMapping.init), "the ramp renders no sounding frame")
        let packets = try play([ramp], on: pad, programs)
        let sounding = packets.filter { !$0.isSilent }
        let timeline = describe(packets)
        try expect(
            sounding.allSatisfy { [$0.left, $0.right].allSatisfy { $0.highCode == 64 && $0.lowCode == 64 } && $0.left == $0.right },
            "a packet left the carrier code 64 or the sides differ: \(timeline)")
        let steps = sounding.map(\.left.lowStep)
        try expect(zip(steps, steps.dropFirst()).allSatisfy { $0 <= $1 }, "the amplitude fell while the ramp rose: \(timeline)")
        try expect(
            steps.first.map(first.lowSteps.contains) == true && (steps.last ?? 0) >= (top.lowSteps.min() ?? 0) - 10,
            "the steps went from \(steps.first ?? 0) to \(steps.last ?? 0), the ramp from \(first) to \(top): \(timeline)")
        try expect(packets.last?.isSilent == true, "the last packet sounds: \(timeline)")
    }

    /// A transient at sharpness 1 played through HD Rumble: rendered as one pulse shorter than
    /// the driver's resend interval (the profile's short transient pulse), it reaches the pad
    /// as exactly one sounding packet, on the top carrier code (1253 Hz on the high band) with
    /// the high band alone at the frame's step, then silence: a tap, where a buzz would be
    /// re-sent.
    private static func sharpTransient(_ programs: Programs) async throws {
        let pad = try VirtualSwitchPro()
        defer { pad.destroy() }
        let tap = "\(programs.fixtures)/sharp-transient.ahap"
        let frames = try RenderedFrame.render(tap, pad: "switch-pro-hd", haptics: programs.haptics).filter { !$0.isSilent }
        try expect(
            frames.count == 1 && frames[0].duration < Double(switchResendInterval.inMilliseconds),
            "the transient renders as \(frames), not one pulse shorter than \(Int(switchResendInterval.inMilliseconds)) ms")
        let mapping = HDRumbleMapping(frames[0])
        let packets = try play([tap], on: pad, programs)
        let timeline = describe(packets)
        let sounding = packets.filter { !$0.isSilent }
        try expect(sounding.count == 1, "\(sounding.count) sounding packets, not one burst: \(timeline)")
        try expect(
            sounding.allSatisfy { mapping.matches($0.left) && $0.right == $0.left && $0.left.lowCode == 127 && $0.left.lowStep == 0 },
            "the burst is not the frame's (\(mapping)) on the top carrier: \(timeline)")
        try expect(packets.last?.isSilent == true, "the last packet sounds: \(timeline)")
    }

    /// Every preset (`haptics list`) played through HD Rumble: each sounding packet carries, on
    /// both sides, the carriers and steps the documented mapping gives the rendered frames, in
    /// their order, every frame reaches the pad, the packets keep the cadence (no gap longer
    /// than the resend interval and a tolerance while sounding, the counter one higher each
    /// time), and the last packet is silent.
    private static func presetsDecode(_ programs: Programs) async throws {
        let (listStatus, listing) = try ChildProcess(programs.haptics, ["list"]).finish()
        try expect(listStatus == 0, "haptics list exited \(listStatus):\n\(listing)")
        let presets = listing.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        try expect(presets.count == Preset.allCases.count, "haptics list names \(presets)")
        let pad = try VirtualSwitchPro()
        defer { pad.destroy() }
        let resend = switchResendInterval
        var failures: [String] = []
        for preset in presets {
            let frames = try RenderedFrame.render(preset, pad: "switch-pro-hd", haptics: programs.haptics)
            // A guest stalled while a level sounds shows as a gap the driver did not make (as
            // PadPlayback replays a run the guest played late): a failed run is played again,
            // with a note, and the preset fails when every attempt does.
            for attempt in 1...PadPlayback.attempts {
                let packets = try play([preset], on: pad, programs)
                do {
                    try check(packets, against: frames, resend: resend, preset)
                    break
                } catch {
                    guard attempt == PadPlayback.attempts else {
                        print("note: \(preset), attempt \(attempt): \(error); playing it again")
                        continue
                    }
                    failures.append("\(error)")
                }
            }
        }
        try expect(failures.isEmpty, "\(failures.count) of \(presets.count) presets failed:\n" + failures.joined(separator: "\n"))
    }

    /// Checks one run's packets against its rendered frames (see `presetsDecode`).
    private static func check(_ packets: [SwitchRumblePacket], against frames: [RenderedFrame], resend: Duration, _ label: String) throws {
        let timeline = describe(packets)
        try expect(packets.contains { !$0.isSilent }, "\(label): no sounding packet: \(timeline)")
        try expect(packets.last?.isSilent == true, "\(label): the last packet sounds: \(timeline)")
        var frame = 0
        var reached: Set<Int> = []
        for packet in packets {
            if packet.isSilent {
                // A silence ends the sounding frame: the next sounding packet is a later frame's
                // (the same level twice, a pause between, is two frames).
                if frame < frames.count && !frames[frame].isSilent {
                    frame = frames[frame...].firstIndex(where: \.isSilent) ?? frames.count
                }
                continue
            }
            // Locality all: both sides carry the frame.
            while frame < frames.count && !(HDRumbleMapping(frames[frame]).matches(packet.left) && packet.right == packet.left) {
                frame += 1
            }
            guard frame < frames.count else {
                throw TestFailure(
                    description: "\(label): \(packet) is no frame's at or after the last matched one; frames "
                        + "\(frames.map { $0.isSilent ? "silence" : "\(HDRumbleMapping($0))" }); packets \(timeline)")
            }
            reached.insert(frame)
        }
        let missed = frames.indices.filter { !frames[$0].isSilent && !reached.contains($0) }
        try expect(
            missed.isEmpty,
            "\(label): frames \(missed.map { "\(frames[$0]) (\(HDRumbleMapping(frames[$0])))" }) never reached the pad: \(timeline)")
        for (previous, next) in zip(packets, packets.dropFirst()) {
            try expect(
                next.counter == (previous.counter + 1) % 16,
                "\(label): the counter went from \(previous.counter) to \(next.counter): \(timeline)")
            try expect(
                previous.isSilent || next.at - previous.at <= resend + resendTolerance,
                "\(label): \(Int((next.at - previous.at).inMilliseconds)) ms between packets while sounding, "
                    + "the resend interval is \(Int(resend.inMilliseconds)) ms: \(timeline)")
        }
    }

    /// `haptics play LONG --driver hidraw` on the Switch Pro, killed with SIGKILL once it
    /// sounds: the guardian sends a packet silent on both sides within `resetDeadline`, and
    /// nothing sounds after it.
    private static func killedSwitchPro(_ programs: Programs) async throws {
        let pad = try VirtualSwitchPro()
        defer { pad.destroy() }
        let since = Monotonic.now
        let player = try ChildProcess(
            programs.haptics, ["play", "\(programs.fixtures)/long-buzz.ahap", "--driver", "hidraw", "--device", pad.node])
        guard Monotonic.wait(upTo: .seconds(4), until: { pad.rumblePackets.contains { $0.at >= since && !$0.isSilent } }) else {
            player.kill(SIGKILL)
            let (status, output) = player.finish()
            throw TestFailure(
                description: "the pad never sounded (the player exited \(status)):\n\(output)\n"
                    + describe(pad.rumblePackets.filter { $0.at >= since }))
        }
        let killed = Monotonic.now
        player.kill(SIGKILL)
        let (status, _) = player.finish()
        try expect(status == 128 + SIGKILL, "the player ended with \(status), not by SIGKILL")
        _ = Monotonic.wait(upTo: .seconds(1)) { pad.rumblePackets.contains { $0.at >= killed && $0.isSilent } }
        usleep(200_000)
        let after = pad.rumblePackets.filter { $0.at >= killed }
        let timeline = describe(pad.rumblePackets.filter { $0.at >= since }, from: killed)
        let reset = try require(after.first(where: \.isSilent), "no silent packet reached the pad after the kill: \(timeline)")
        try expect(
            reset.at - killed <= resetDeadline,
            "the silent packet came \(Int((reset.at - killed).inMilliseconds)) ms after the kill (times from the kill): \(timeline)")
        print("note: the silent packet reached the pad \(tenths(reset.at - killed)) ms after the kill")
        try expect(after.last?.isSilent == true, "after the silent packet the pad sounded again (times from the kill): \(timeline)")
    }

    /// Plays each pattern with `haptics play PATTERN --driver hidraw` on the Switch Pro, one
    /// after the other, and returns the rumble packets the pad received meanwhile and until
    /// 200 ms after the last player exited.
    private static func play(
        _ patterns: [String], on pad: VirtualSwitchPro, _ programs: Programs, driver: String = "hidraw"
    ) throws -> [SwitchRumblePacket] {
        let since = Monotonic.now
        for pattern in patterns {
            let (status, output) = try ChildProcess(programs.haptics, ["play", pattern, "--driver", driver, "--device", pad.node])
                .finish()
            try expect(status == 0, "haptics play \(pattern) --driver \(driver) exited \(status):\n\(output)")
        }
        usleep(200_000)
        return pad.rumblePackets.filter { $0.at >= since }
    }

    /// Switch packets as `+12ms #3 left ... right ...`, one a line, times from `origin` (the
    /// first packet's by default).
    private static func describe(_ packets: [SwitchRumblePacket], from origin: Duration? = nil) -> String {
        guard let start = origin ?? packets.first?.at else { return "nothing" }
        return packets.map { "\n  \(Int((($0.at - start).inMilliseconds).rounded()))ms \($0)" }.joined()
    }

    /// `values` without consecutive repeats.
    private static func collapsed<Value: Equatable>(_ values: [Value]) -> [Value] {
        values.reduce(into: []) { result, value in
            if result.last != value { result.append(value) }
        }
    }

    // MARK: - Xbox

    /// `haptics play RAMP --locality triggers --driver hidraw` on the Xbox over Bluetooth, a
    /// new level every 10 ms: the trigger motors get the frames' levels in order (strong on
    /// the left trigger, weak on the right), the handles stay at 0, every sounding report has
    /// a finite duration, no two reports come less than 50 ms apart (less `readingJitter`),
    /// and the last one is 0 on all four motors.
    private static func xboxTriggers(_ programs: Programs) async throws {
        let pad = try VirtualXboxPad()
        defer { pad.destroy() }
        let ramp = "\(programs.fixtures)/ramp.ahap"
        let frames = try RenderedFrame.render(ramp, pad: "xbox-bt", haptics: programs.haptics).filter { !$0.isSilent }
        let since = Monotonic.now
        let (status, output) = try ChildProcess(
            programs.haptics, ["play", ramp, "--locality", "triggers", "--driver", "hidraw", "--device", pad.node]
        ).finish()
        try expect(status == 0, "haptics play \(ramp) --locality triggers --driver hidraw exited \(status):\n\(output)")
        usleep(200_000)
        let reports = pad.rumbleReports.filter { $0.at >= since }
        let timeline =
            reports.isEmpty ? "nothing" : reports.map { "\n  \(Int((($0.at - since).inMilliseconds).rounded()))ms \($0)" }.joined()
        let sounding = reports.filter { $0.leftTrigger > 0 || $0.rightTrigger > 0 }
        try expect(!sounding.isEmpty, "no report reached the trigger motors: \(timeline)")
        var frame = 0
        for report in sounding {
            // Each magnitude is its level in percent; within one for the driver's rounding.
            let matches = { (frame: RenderedFrame) in
                abs(Double(report.leftTrigger) - frame.strong * 100) <= 1 && abs(Double(report.rightTrigger) - frame.weak * 100) <= 1
            }
            while frame < frames.count && !matches(frames[frame]) { frame += 1 }
            try expect(frame < frames.count, "\(report) is no frame's at or after the previous one's: \(timeline)")
        }
        try expect(reports.allSatisfy { $0.leftHandle == 0 && $0.rightHandle == 0 }, "a report set the handles: \(timeline)")
        try expect(sounding.allSatisfy { $0.duration > 0 }, "a sounding report has no duration: \(timeline)")
        for (previous, next) in zip(reports, reports.dropFirst()) {
            try expect(next.at - previous.at >= .milliseconds(50) - readingJitter, "two reports less than 50 ms apart: \(timeline)")
        }
        try expect(reports.last?.magnitudes == [0, 0, 0, 0], "the last report is not 0 on all four motors: \(timeline)")
    }
}
