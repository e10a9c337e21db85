import CKernelTestSupport
import Glibc
import Haptics
import HapticsEvdev
import HapticsTesting
import Synchronization
import VirtualDevices

/// The evdev driver against the real kernel input stack, on a uinput gamepad.
enum UinputTests {
    static func all(haptics: String?) -> [KernelTest] {
        var tests = [
            KernelTest(name: "uinput: every preset reaches the device as the player sent it", body: presetsReachTheDevice),
            KernelTest(name: "uinput: heavy arrives as one full upload with a finite length", body: heavyIsExact),
            KernelTest(name: "uinput: an AHAP file plays as rendered", body: ahapFilePlays),
            KernelTest(name: "uinput: one slot serves 1000 frames", body: oneSlotServesAThousandFrames),
            KernelTest(name: "uinput: stop and close erase the effect", body: stopAndCloseErase),
            KernelTest(name: "uinput: kill -9 mid-pattern leaves nothing playing", body: killLeavesNothingPlaying),
            KernelTest(name: "uinput: gain goes to FF_GAIN", body: gainGoesToTheDevice),
            KernelTest(name: "uinput: a periodic-only device gets FF_PERIODIC", body: periodicOnlyDevice),
            KernelTest(name: "uinput: a full device explains ENOSPC", body: fullDeviceExplains),
            KernelTest(name: "uinput: hot-plug adds a pad and drops an unplugged one", body: hotPlug),
        ]
        if let haptics {
            tests.append(
                KernelTest(name: "uinput: pulling the trigger past the threshold rumbles the same pad") {
                    try await triggerPullRumbles(haptics: haptics)
                })
            tests.append(
                KernelTest(name: "uinput: haptics devices lists the pad, play rumbles it, SIGINT and SIGTERM stop it") {
                    try await cliListsAndRumbles(haptics: haptics)
                })
            tests.append(
                KernelTest(name: "uinput: haptics impact --driver stdout,evdev prints the frames and rumbles the pad") {
                    try await fanOutPrintsAndRumbles(haptics: haptics)
                })
        }
        return tests
    }

    /// What the device must have received for the frames a driver was given: for each
    /// sounding frame an in-place update then a play, for each silence a stop.
    static func expectedRecords(for frames: [RumbleFrame], id: Int16, scaled: Bool) -> [VirtualGamepad.Record] {
        var records: [VirtualGamepad.Record] = []
        var playing = false
        for frame in frames {
            if frame.isSilent {
                if playing { records.append(.play(id: UInt16(id), value: 0)) }
                playing = false
            } else {
                let effect = RumbleExpectation(frame: frame, scaled: scaled)
                records.append(.upload(id: id, type: UInt16(FF_RUMBLE), strong: effect.strong, weak: effect.weak, length: effect.length))
                records.append(.play(id: UInt16(id), value: 1))
                playing = true
            }
        }
        return records
    }

    private static func play(_ track: RumbleTrack, on pad: VirtualGamepad, gain: Double = 1) async throws -> [RumbleFrame] {
        let recorder = RecordingDriver()
        let driver = EvdevDriver(selection: .path(pad.node))
        let clock = ManualClock()
        let engine = HapticEngine(driver: FanOutDriver([driver, recorder]), clock: clock)
        engine.setGain(gain)
        try await engine.start()
        let handle = engine.play(track)
        await clock.run()
        let outcome = await handle.finished()
        if case .failed(let error)? = outcome { throw TestFailure(description: "playback failed: \(error)") }
        driver.close()
        return recorder.frames
    }

    private static func presetsReachTheDevice() async throws {
        let pad = try VirtualGamepad(name: "Haptics Test Pad", gain: false)
        defer { pad.destroy() }
        for preset in Preset.allCases {
            pad.reset()
            let frames = try await play(Renderer().render(preset.pattern), on: pad)
            let received = pad.records.map(\.record).filter {
                if case .erase = $0 { false } else { true }
            }
            let expected =
                [VirtualGamepad.Record.upload(id: 0, type: UInt16(FF_RUMBLE), strong: 0, weak: 0, length: 50)]
                + expectedRecords(for: frames, id: 0, scaled: true)
            let playedPart = Array(received.prefix(expected.count))
            try expect(playedPart == expected, "\(preset.name): the device received \(playedPart), expected \(expected)")
        }
    }

    private static func heavyIsExact() async throws {
        let pad = try VirtualGamepad(name: "Haptics Test Pad", gain: false)
        defer { pad.destroy() }
        _ = try await play(Renderer().render(Preset.impact(.heavy).pattern), on: pad)
        let received = pad.records.map(\.record)
        try expect(
            received.contains(.upload(id: 0, type: UInt16(FF_RUMBLE), strong: 0xFFFF, weak: 0xFFFF, length: 110)),
            "no 60 ms full-strength upload with a 110 ms replay length in \(received)")
        try expect(
            !received.contains { if case .upload(_, _, _, _, 0) = $0 { true } else { false } },
            "an effect of infinite length (0) was uploaded: \(received)")
    }

    private static func ahapFilePlays() async throws {
        let text = """
            {"Version": 1.0, "Pattern": [
              {"Event": {"Time": 0.0, "EventType": "HapticTransient", "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 0.8}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.2}]}},
              {"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 0.3, "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 1.0}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.7}]}},
              {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0.1, "ParameterCurveControlPoints": [
                {"Time": 0, "ParameterValue": 0.2}, {"Time": 0.3, "ParameterValue": 1.0}]}},
            ]}
            """
        let pattern = try AHAPLoader.decode(Array(text.utf8), file: "kernel-test.ahap").pattern
        let track = Renderer().render(pattern)
        let pad = try VirtualGamepad(name: "Haptics Test Pad", gain: false)
        defer { pad.destroy() }
        let frames = try await play(track, on: pad)
        try expect(frames.count > 20, "the curve should give many frames, got \(frames.count)")
        let received = pad.records.map(\.record).filter { if case .erase = $0 { false } else { true } }.dropFirst()
        let expected = expectedRecords(for: frames, id: 0, scaled: true)
        try expect(Array(received.prefix(expected.count)) == expected, "the device received \(Array(received)), expected \(expected)")
    }

    private static func oneSlotServesAThousandFrames() async throws {
        let pad = try VirtualGamepad(name: "Haptics Test Pad", slots: 16)
        defer { pad.destroy() }
        let driver = EvdevDriver(selection: .path(pad.node))
        for index in 0..<1000 {
            try driver.apply(RumbleFrame(start: .zero, duration: .milliseconds(10), strong: Double(index % 10) / 10, weak: 0.5))
        }
        _ = Monotonic.wait { pad.records.count >= 1001 + 1000 }
        let uploads = pad.records.compactMap { stamped -> Int16? in
            if case .upload(let id, _, _, _, _) = stamped.record { id } else { nil }
        }
        try expect(uploads.count == 1001, "expected 1001 uploads (1 to prepare, 1000 updates), got \(uploads.count)")
        try expect(Set(uploads) == [0], "the effect moved between slots \(Set(uploads)): slots leak")
        driver.close()
    }

    private static func stopAndCloseErase() async throws {
        let pad = try VirtualGamepad(name: "Haptics Test Pad")
        defer { pad.destroy() }
        let driver = EvdevDriver(selection: .path(pad.node))
        try driver.apply(RumbleFrame(start: .zero, duration: .seconds(1), strong: 1, weak: 1))
        try expect(pad.wait { $0 == .play(id: 0, value: 1) }, "the frame never played")
        pad.reset()
        try driver.stop()
        try expect(pad.wait { $0 == .erase(id: 0) }, "stop did not erase the effect: \(pad.records.map(\.record))")
        let afterStop = pad.records.map(\.record)
        try expect(afterStop.first == .play(id: 0, value: 0), "stop did not stop the effect first: \(afterStop)")
        try driver.apply(RumbleFrame(start: .zero, duration: .seconds(1), strong: 1, weak: 1))
        try expect(pad.wait { $0 == .play(id: 0, value: 1) }, "the frame never played again")
        pad.reset()
        driver.close()
        try expect(pad.wait { $0 == .erase(id: 0) }, "close did not erase the effect: \(pad.records.map(\.record))")
        try expect(pad.records.map(\.record).contains(.play(id: 0, value: 0)), "close did not stop the effect")
    }

    private static func killLeavesNothingPlaying() async throws {
        let pad = try VirtualGamepad(name: "Haptics Test Pad")
        defer { pad.destroy() }
        let child = try ChildProcess(CommandLine.arguments[0], ["--child-play", pad.node])
        let started = pad.wait(upTo: .seconds(10)) { $0 == .play(id: 0, value: 1) }
        child.kill(SIGKILL)
        let (status, output) = child.finish()
        try expect(started, "the child never started playing: \(output)")
        try expect(status == 128 + SIGKILL, "the child ended with \(status), not SIGKILL: \(output)")
        try expect(pad.wait { $0 == .erase(id: 0) }, "the kernel did not erase the dead process's effect: \(pad.records.map(\.record))")
        let records = pad.records.map(\.record)
        let lastPlay = records.last { if case .play = $0 { true } else { false } }
        try expect(lastPlay == .play(id: 0, value: 0), "the effect was left playing: last play record \(String(describing: lastPlay))")
    }

    /// The child role of `killLeavesNothingPlaying`: loop a pattern forever on `node`.
    static func playForever(on node: String) async {
        let engine = HapticEngine(driver: EvdevDriver(selection: .path(node)))
        do {
            try await engine.start()
        } catch {
            print("child: \(error)")
            exit(1)
        }
        _ = await engine.play(Preset.notification(.warning), repetition: .forever).finished()
    }

    private static func gainGoesToTheDevice() async throws {
        let pad = try VirtualGamepad(name: "Haptics Test Pad", gain: true)
        defer { pad.destroy() }
        _ = try await play(Renderer().render(Preset.impact(.heavy).pattern), on: pad, gain: 0.5)
        let received = pad.records.map(\.record)
        try expect(received.contains(.gain(0x8000)), "no FF_GAIN of 0x8000 in \(received)")
        try expect(
            received.contains(.upload(id: 0, type: UInt16(FF_RUMBLE), strong: 0xFFFF, weak: 0xFFFF, length: 110)),
            "the levels should stay unscaled when the device has FF_GAIN: \(received)")
    }

    private static func periodicOnlyDevice() async throws {
        let pad = try VirtualGamepad(name: "Haptics Test Vibrator", gamepad: false, rumble: false, gain: false)
        defer { pad.destroy() }
        let driver = EvdevDriver(selection: .path(pad.node))
        try driver.apply(RumbleFrame(start: .zero, duration: .milliseconds(100), strong: 1, weak: 0.5))
        driver.close()
        let received = pad.records.map(\.record)
        try expect(
            received.contains(.upload(id: 0, type: UInt16(FF_PERIODIC), strong: 0x7FFF, weak: 0, length: 150)),
            "no FF_PERIODIC upload in \(received)")
    }

    private static func fullDeviceExplains() async throws {
        let pad = try VirtualGamepad(name: "Haptics Test Pad", slots: 1)
        defer { pad.destroy() }
        let holder = EvdevDriver(selection: .path(pad.node))
        try holder.prepare()
        let driver = EvdevDriver(selection: .path(pad.node))
        do {
            try driver.prepare()
            throw TestFailure(description: "prepare succeeded on a device whose only slot is taken")
        } catch let error as EvdevError {
            try expect(error == .noFreeEffectSlot(node: pad.node, name: pad.name, slots: 1), "wrong error: \(error)")
        }
        holder.close()
    }

    private static func hotPlug() async throws {
        let first = try VirtualGamepad(name: "Haptics Test Pad One")
        defer { first.destroy() }
        let notices = Mutex<[String]>([])
        let driver = EvdevDriver(selection: .all, notice: { line in notices.withLock { $0.append(line) } })
        defer { driver.close() }
        try driver.prepare()
        let second = try VirtualGamepad(name: "Haptics Test Pad Two")
        defer { second.destroy() }
        try expect(
            Monotonic.wait { driver.devices.count == 2 }, "the pad plugged in later was not picked up: \(driver.devices.map(\.node))")
        try driver.apply(RumbleFrame(start: .zero, duration: .milliseconds(100), strong: 1, weak: 0))
        for pad in [first, second] {
            try expect(pad.wait { if case .upload(_, _, 0xFFFF, 0, _) = $0 { true } else { false } }, "\(pad.name) did not get the frame")
        }
        first.destroy()
        try expect(Monotonic.wait { driver.devices.count == 1 }, "the unplugged pad was not dropped")
        second.reset()
        try driver.apply(RumbleFrame(start: .zero, duration: .milliseconds(100), strong: 0.5, weak: 0))
        try expect(second.wait { if case .upload(_, _, 0x8000, 0, _) = $0 { true } else { false } }, "the remaining pad stopped playing")
        // Notices come once the driver's lock is released, just after the change they tell of.
        let told = Monotonic.wait {
            let lines = notices.withLock { $0 }
            return lines.contains { $0.contains("plugged in") } && lines.contains { $0.contains("unplugged") }
        }
        try expect(told, "notices: \(notices.withLock { $0 })")
    }

    /// `haptics demo --input` on a terminal, as a person runs it: the pad's right trigger
    /// (ABS_RZ) pulls the list past the threshold and lets go, and the same pad gets the
    /// threshold's light impact.
    private static func triggerPullRumbles(haptics: String) async throws {
        let pad = try VirtualGamepad(name: "Haptics Trigger Pad", gain: false)
        defer { pad.destroy() }
        let demo = try TerminalProcess(haptics, ["demo", "--input", pad.node, "--driver", "evdev", "--device", pad.node])
        let drawn = demo.wait(for: "haptics demo: pull to refresh")
        if drawn {
            for value: Int32 in [0, 40, 100, 150, 200, 255, 0] {
                pad.emit(axis: ABS_RZ, value: value)
                usleep(20_000)
            }
        }
        let loading = drawn && demo.wait(for: "Loading...")
        let rumbled = pad.wait { if case .upload(_, _, 10486, 10486, 90) = $0 { true } else { false } }
        demo.type("q")
        let (status, output) = demo.finish()
        try expect(drawn, "haptics demo (\(status)) did not draw its screen:\n\(output)")
        try expect(output.contains("Release to refresh") && loading, "the trigger did not pull past the threshold and let go:\n\(output)")
        try expect(rumbled, "the pad did not get the light impact: \(pad.records.map(\.record))")
        try expect(status == 0, "haptics demo exited \(status):\n\(output)")
    }

    private static func cliListsAndRumbles(haptics: String) async throws {
        let pad = try VirtualGamepad(name: "Haptics CLI Pad")
        defer { pad.destroy() }
        let (listStatus, listing) = try ChildProcess(haptics, ["devices"]).finish()
        try expect(
            listStatus == 0 && listing.contains(pad.node) && listing.contains("Haptics CLI Pad"),
            "haptics devices (\(listStatus)) did not list the pad:\n\(listing)")
        let (jsonStatus, json) = try ChildProcess(haptics, ["devices", "--json"]).finish()
        try expect(jsonStatus == 0 && json.contains("\"node\":\"\(pad.node)\""), "haptics devices --json:\n\(json)")
        let (playStatus, output) = try ChildProcess(haptics, ["play", "heavy", "--driver", "evdev", "--device", pad.node]).finish()
        try expect(playStatus == 0, "haptics play exited \(playStatus):\n\(output)")
        let received = pad.records.map(\.record)
        try expect(
            received.contains(.upload(id: 0, type: UInt16(FF_RUMBLE), strong: 0xFFFF, weak: 0xFFFF, length: 110)),
            "the device did not get heavy: \(received)")
        try expect(received.last == .erase(id: 0), "haptics did not erase its effect on exit: \(received)")
        for (signal, status) in [(SIGINT, 130), (SIGTERM, 143)] {
            pad.reset()
            let looping = try ChildProcess(haptics, ["play", "warning", "--loop", "forever", "--driver", "evdev", "--device", pad.node])
            let started = pad.wait(upTo: .seconds(10)) { $0 == .play(id: 0, value: 1) }
            looping.kill(signal)
            let (exit, output) = looping.finish()
            try expect(started, "haptics play --loop forever never played: \(output)")
            try expect(exit == Int32(status), "signal \(signal): haptics exited \(exit), expected \(status): \(output)")
            try expect(pad.wait { $0 == .erase(id: 0) }, "signal \(signal): the effect was not erased: \(pad.records.map(\.record))")
            let lastPlay = pad.records.map(\.record).last { if case .play = $0 { true } else { false } }
            try expect(lastPlay == .play(id: 0, value: 0), "signal \(signal): left playing: \(String(describing: lastPlay))")
        }
    }

    /// `haptics impact heavy --driver stdout,evdev`: both drivers get every frame. Standard
    /// output shows the lines `--driver stdout` prints alone (the rendered preset's frames),
    /// and the pad gets what `--driver evdev` uploads alone (heavy in full, with a finite
    /// length), erased on exit.
    private static func fanOutPrintsAndRumbles(haptics: String) async throws {
        let pad = try VirtualGamepad(name: "Haptics Fan-out Pad")
        defer { pad.destroy() }
        func impact(_ drivers: String) throws -> (output: String, lines: [Substring], records: [VirtualGamepad.Record]) {
            pad.reset()
            let (status, output) = try ChildProcess(haptics, ["impact", "heavy", "--driver", drivers, "--device", pad.node]).finish()
            try expect(status == 0, "haptics impact heavy --driver \(drivers) exited \(status):\n\(output)")
            return (output, withoutTimes(output), pad.records.map(\.record))
        }
        let printed = try impact("stdout")
        let uploaded = try impact("evdev")
        let both = try impact("stdout,evdev")
        let rendered = Renderer().render(Preset.impact(.heavy).pattern).frames
        let expectedLines = rendered.flatMap { withoutTimes(FrameFormat.text.line(for: $0)) }
        try expect(
            Array(printed.lines.prefix(expectedLines.count)) == expectedLines,
            "--driver stdout did not print heavy's frames \(expectedLines):\n\(printed.output)")
        try expect(
            both.lines == printed.lines,
            "--driver stdout,evdev printed\n\(both.output)\nwhere --driver stdout alone printed\n\(printed.output)")
        try expect(
            uploaded.records.contains(.upload(id: 0, type: UInt16(FF_RUMBLE), strong: 0xFFFF, weak: 0xFFFF, length: 110)),
            "--driver evdev did not upload heavy: \(uploaded.records)")
        try expect(
            both.records == uploaded.records,
            "--driver stdout,evdev gave the pad \(both.records), where --driver evdev alone gave it \(uploaded.records)")
        try expect(both.records.last == .erase(id: 0), "--driver stdout,evdev did not erase its effect on exit: \(both.records)")
    }

    /// The lines of `output` without the time a stdout driver's line starts with ("  12 ms  "),
    /// which is when the frame was played, not what it was.
    private static func withoutTimes(_ output: String) -> [Substring] {
        output.split(separator: "\n").map { line in
            line.firstRange(of: " ms  ").map { line[$0.upperBound...] } ?? line
        }
    }
}

/// The magnitudes and replay length a frame must arrive with.
struct RumbleExpectation {
    let strong: UInt16
    let weak: UInt16
    let length: UInt16

    init(frame: RumbleFrame, scaled: Bool) {
        strong = Self.magnitude(scaled ? frame.scaledStrong : frame.strong)
        weak = Self.magnitude(scaled ? frame.scaledWeak : frame.weak)
        let (seconds, attoseconds) = frame.duration.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000 + 50
        length = UInt16(min(max(milliseconds, 1), 32767))
    }

    private static func magnitude(_ level: Double) -> UInt16 {
        UInt16((min(max(level, 0), 1) * 65535).rounded())
    }
}
