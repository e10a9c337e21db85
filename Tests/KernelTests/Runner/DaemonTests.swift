import CKernelTestSupport
import Glibc
import Haptics
import VirtualDevices

/// `hapticsd` in the guest: on a `dbus-daemon` of its own, with no device at first, then
/// driving a uinput pad plugged in later and a uhid DualSense bound by `hid-playstation`,
/// when a client (`busctl`) asks for feedback; and playing the DualSense's right trigger
/// through its hidraw node when a client asks for that locality.
enum DaemonTests {
    /// The programs the tests run in the guest.
    struct Programs {
        let hapticsd: String
        let dbusDaemon: String
        let busctl: String
    }

    /// The tests; none unless the programs' paths are given.
    static func all(programs: Programs?) -> [KernelTest] {
        guard let programs else { return [] }
        return [
            KernelTest(
                name:
                    "hapticsd: starts with no device, drives a uinput pad plugged in later and a DualSense, lists and signals them in Devices, ends a loop with FeedbackEnded(2) when its pad is unplugged and serves on, stops on SIGTERM"
            ) {
                try await drivesPads(programs)
            },
            KernelTest(
                name:
                    "hapticsd: ImpactAt right-trigger vibrates the DualSense's right trigger through hidraw, its block alone, and turns it off; a client leaving mid-loop, or SIGTERM mid-play, leaves the trigger off"
            ) {
                try await playsTheTrigger(programs)
            },
            KernelTest(
                name:
                    "hapticsd: Impact plays on a USB DualSense's voice coils through its sound card, not its rumble emulation; ImpactAt left-handle on the left actuator alone"
            ) {
                try await playsTheVoiceCoils(programs)
            },
            KernelTest(
                name:
                    "hapticsd --driver audio: Impact plays on a USB DualSense's voice coils; ImpactAt left-handle right after it on the left actuator alone"
            ) {
                try await playsTheVoiceCoils(programs, arguments: ["--driver", "audio"])
            },
            KernelTest(
                name:
                    "hapticsd: a USB DualSense plugged in while it serves, its sound card bound after its gamepad, plays Impact on its voice coils once the card is there"
            ) {
                try await routesACardBoundLate(programs)
            },
            KernelTest(
                name:
                    "hapticsd: Impact plays on a Bluetooth DualSense's voice coils as reports 0x32, not its rumble emulation, and ends in a silent one"
            ) {
                try await streamsTheBluetoothVoiceCoils(programs)
            },
            KernelTest(
                name:
                    "hapticsd: ImpactAt right-trackpad pulses the Steam Deck's right trackpad alone; on 7.3 hid-steam's gamepad is back while it serves on"
            ) {
                try await pulsesTheDecksTrackpad(programs)
            },
        ]
    }

    private static let address = "unix:path=/tmp/hapticsd-bus"

    /// The object the tests call.
    private static let object = ["org.sigxcpu.Feedback", "/org/sigxcpu/Feedback"]
    /// hapticsd's own interface on it.
    private static let own = "io.github.haptics.Haptics1"

    /// Calls `busctl --user` with the arguments given: its status and output.
    private static func busctl(_ programs: Programs) -> ([String]) throws -> (status: Int32, output: String) {
        { arguments in try ChildProcess(programs.busctl, ["--user"] + arguments).finish() }
    }

    private static func write(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try expect(fd >= 0, "cannot write \(path)")
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }

    /// Starts the tests' `dbus-daemon` and points `DBUS_SESSION_BUS_ADDRESS` at it.
    private static func startBus(_ programs: Programs) throws -> ChildProcess {
        let config = """
            <busconfig><type>session</type><listen>\(address)</listen><auth>EXTERNAL</auth>
            <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
            </busconfig>
            """
        try write(config, to: "/tmp/hapticsd-bus.conf")
        // dbus-daemon looks its user up; the guest's initramfs has no password database.
        mkdir("/etc", 0o755)
        if access("/etc/passwd", F_OK) != 0 { try write("root:x:0:0:root:/tmp:/bin/sh\n", to: "/etc/passwd") }
        if access("/etc/group", F_OK) != 0 { try write("root:x:0:\n", to: "/etc/group") }
        unlink("/tmp/hapticsd-bus")
        let bus = try ChildProcess(programs.dbusDaemon, ["--nofork", "--config-file=/tmp/hapticsd-bus.conf"])
        setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        var ready = false
        for _ in 0..<200 where !ready {
            ready = access("/tmp/hapticsd-bus", F_OK) == 0
            if !ready { usleep(20_000) }
        }
        guard ready else {
            stop(bus)
            throw TestFailure(description: "dbus-daemon did not come up")
        }
        return bus
    }

    /// Stops a child with SIGKILL: the runner may have SIGTERM blocked, which its children inherit.
    private static func stop(_ child: ChildProcess) {
        child.kill(SIGKILL)
        _ = child.finish()
    }

    /// hapticsd plays `ImpactAt right-trackpad` as pulses on the Deck's right trackpad, and
    /// lets go of the Deck's node once the feedback is over, so hid-steam's gamepad comes back
    /// while the daemon runs on.
    private static func pulsesTheDecksTrackpad(_ programs: Programs) async throws {
        let bus = try startBus(programs)
        defer { stop(bus) }
        let deck = try VirtualSteamDeck()
        defer { deck.destroy() }
        let daemon = try ChildProcess(programs.hapticsd, [])
        defer { stop(daemon) }
        let (call, object, own) = (busctl(programs), Self.object, Self.own)
        try waitUntilServing(call: call, object: object, own: own)
        let since = Monotonic.now
        let impact = try call(["call"] + object + [own, "ImpactAt", "ssds", "app", "heavy", "1", "right-trackpad"])
        try expect(impact.status == 0, "ImpactAt failed: \(impact.output)")
        let sent = {
            deck.commands.filter { $0.at >= since && [SteamDeckCommand.rumbleID, SteamDeckCommand.pulseID].contains($0.command.id) }
                .map(\.command)
        }
        try expect(Monotonic.wait(upTo: .seconds(3)) { sent().contains { $0.pulse != nil } }, "no pulse reached the Deck: \(sent())")
        try expect(sent().compactMap(\.pulse).allSatisfy { $0.side == .right }, "the pulses were \(sent())")
        try expect(!sent().contains(where: \.turnsMotors), "the motors turned: \(sent())")
        guard deck.isBoundBySteam else { return }
        let pulsed = Monotonic.now
        var wentAway = false
        let back = Monotonic.wait(upTo: .seconds(2)) {
            if deck.gamepadNode == nil { wentAway = true }
            return wentAway && deck.gamepadNode != nil
        }
        try expect(wentAway, "hid-steam's gamepad stayed while hapticsd played on the Deck")
        try expect(back, "hid-steam's gamepad was not back 2 s after the feedback while hapticsd ran")
        print("note: the gamepad was back \(Int((Monotonic.now - pulsed).inMilliseconds)) ms after the pulse, hapticsd serving on")
        let again = try call(["call"] + object + [own, "ImpactAt", "ssds", "app", "light", "1", "right-trackpad"])
        try expect(again.status == 0, "a second ImpactAt failed: \(again.output)")
        try expect(
            Monotonic.wait(upTo: .seconds(3)) { deck.commands.contains { $0.at > pulsed && $0.command.pulse != nil } },
            "the second impact never pulsed: \(sent())")
    }

    /// hapticsd under `auto` (or `arguments`' driver) plays a USB DualSense (over USB/IP, with
    /// its sound card) on its voice coils: `Impact` reaches channels 3-4 and no report turns
    /// its rumble emulation on; `ImpactAt left-handle` sounds on channel 3 alone, asked as
    /// soon as the Impact's stream has stopped (the card may still be held then: the engines
    /// share it). Each impact is waited out by the packets the pad receives, not by the clock,
    /// as they may come late.
    private static func playsTheVoiceCoils(_ programs: Programs, arguments: [String] = []) async throws {
        let bus = try startBus(programs)
        defer { stop(bus) }
        let pad = try VirtualUSBDualSense()
        defer { pad.detach() }
        _ = try pad.waitForBinding()
        let daemon = try ChildProcess(programs.hapticsd, arguments)
        defer { stop(daemon) }
        let (call, object, own) = (busctl(programs), Self.object, Self.own)
        try waitUntilServing(call: call, object: object, own: own)
        let sounding = { (from: Int, channel: Int) in
            pad.isochronousPackets.dropFirst(from).contains { !USBAudioTests.isSilent($0.payload, channels: channel..<(channel + 1)) }
        }
        let (packets, reports) = (pad.isochronousPackets.count, pad.outputReports.count)
        let impact = try call(["call"] + object + [own, "Impact", "ssd", "app", "heavy", "1"])
        try expect(impact.status == 0, "Impact failed: \(impact.output)")
        try expect(
            Monotonic.wait(upTo: .seconds(3)) { sounding(packets, 2) && sounding(packets, 3) },
            "Impact did not reach channels 3-4 (\(pad.isochronousPackets.count - packets) packets since)")
        let emulation = pad.outputReports.dropFirst(reports).filter { $0.count > 1 && $0[0] == 0x02 && $0[1] & 0x01 != 0 }
        try expect(emulation.isEmpty, "Impact turned the rumble emulation on: \(emulation.map { $0.prefix(4) })")
        try expect(
            waitUntilSoundEnds(pad, from: packets),
            "Impact's sound never ended: \(soundingSpans(pad.isochronousPackets, from: packets))")
        let left = pad.isochronousPackets.count
        let impactAt = try call(["call"] + object + [own, "ImpactAt", "ssds", "app", "heavy", "1", "left-handle"])
        try expect(impactAt.status == 0, "ImpactAt left-handle failed: \(impactAt.output)")
        try expect(Monotonic.wait(upTo: .seconds(3)) { sounding(left, 2) }, "ImpactAt left-handle did not reach channel 3")
        try expect(
            waitUntilSoundEnds(pad, from: left),
            "ImpactAt left-handle's sound never ended: \(soundingSpans(pad.isochronousPackets, from: left))")
        try expect(
            !sounding(left, 3),
            "ImpactAt left-handle (from packet \(left - packets)) sounded on channel 4 too: "
                + soundingSpans(pad.isochronousPackets, from: packets))
    }

    /// hapticsd, serving, sees a USB DualSense's gamepad appear before its sound card (bound
    /// later, as when snd-usb-audio loads after hid-playstation): the pad is looked at again
    /// when the card appears, so `Impact` reaches channels 3-4.
    private static func routesACardBoundLate(_ programs: Programs) async throws {
        let bus = try startBus(programs)
        defer { stop(bus) }
        let daemon = try ChildProcess(programs.hapticsd, [])
        defer { stop(daemon) }
        let (call, object, own) = (busctl(programs), Self.object, Self.own)
        try waitUntilServing(call: call, object: object, own: own)
        let (pad, device) = try VirtualUSBDualSense.attachingTheGamepadFirst()
        defer { pad.detach() }
        let node = try require(VirtualUSBDualSense.eventNode(), "the USB DualSense's gamepad is gone")
        try expect(
            Monotonic.wait(upTo: .seconds(3)) { (try? call(["get-property"] + object + [own, "Devices"]))?.output.contains(node) == true },
            "Devices never listed the USB DualSense's gamepad \(node)")
        try VirtualUSBDualSense.bindSoundCard(of: device)
        let (packets, reports) = (pad.isochronousPackets.count, pad.outputReports.count)
        let sounding = {
            pad.isochronousPackets.dropFirst(packets).contains { !USBAudioTests.isSilent($0.payload, channels: 2..<4) }
        }
        // The card's node may appear a moment before hapticsd has looked again: the first
        // impacts may still go to the rumble emulation, so the check is on the last one.
        var asked = 0
        var reached = false
        while !reached && asked < 10 {
            asked += 1
            let impact = try call(["call"] + object + [own, "Impact", "ssd", "app", "heavy", "1"])
            try expect(impact.status == 0, "Impact failed: \(impact.output)")
            reached = Monotonic.wait(upTo: .seconds(1)) { sounding() }
        }
        try expect(reached, "no Impact reached channels 3-4 after the card was bound (\(pad.outputReports.count - reports) reports since)")
        print("note: the Impact asked \(asked == 1 ? "first" : "as number \(asked)") after the card was bound played on the voice coils")
    }

    /// Waits (at most 5 s) until the stream has stopped (no packet for 100 ms); whether it did,
    /// after the actuators' channels sounded in the pad's packets from index `from`.
    private static func waitUntilSoundEnds(_ pad: VirtualUSBDualSense, from: Int) -> Bool {
        pad.waitUntilStreamStops(upTo: .seconds(5))
            && pad.isochronousPackets.dropFirst(from).contains { !USBAudioTests.isSilent($0.payload, channels: 2..<4) }
    }

    /// Where channels 3 and 4 sound in `packets` from index `from`: each run of sounding
    /// packets as its first and last index (from `from`), its slot time and its peak.
    private static func soundingSpans(_ packets: [USBIPServer.IsochronousPacket], from: Int) -> String {
        let start = packets.indices.contains(from) ? packets[from].time : .zero
        return (2..<4).map { channel in
            var spans: [String] = []
            var run: (first: Int, last: Int, peak: Int)?
            func close() {
                guard let span = run else { return }
                let at = (packets[span.first].time - start).inMilliseconds
                spans.append("\(span.first - from)-\(span.last - from) (at \(Int(at)) ms, peak \(span.peak))")
                run = nil
            }
            for index in packets.indices.dropFirst(from) {
                let peak = USBAudioTests.samples(packets[index].payload, channel: channel).map { abs(Int($0)) }.max() ?? 0
                if peak == 0 {
                    close()
                } else {
                    run = (run?.first ?? index, index, max(run?.peak ?? 0, peak))
                }
            }
            close()
            return "channel \(channel + 1): \(spans.isEmpty ? "silent" : spans.joined(separator: ", "))"
        }.joined(separator: "; ")
    }

    /// hapticsd under `auto` plays a DualSense over Bluetooth (uhid, its hidraw node writable
    /// as root) on its voice coils: `Impact` becomes sounding reports 0x32, no report 0x31
    /// turns the rumble emulation on, and the last report 0x32 is silent.
    private static func streamsTheBluetoothVoiceCoils(_ programs: Programs) async throws {
        let bus = try startBus(programs)
        defer { stop(bus) }
        let pad = try VirtualDualSense(bluetooth: true)
        defer { pad.destroy() }
        usleep(BluetoothVoiceCoilTests.settling)
        let daemon = try ChildProcess(programs.hapticsd, [])
        defer { stop(daemon) }
        let (call, object, own) = (busctl(programs), Self.object, Self.own)
        try waitUntilServing(call: call, object: object, own: own)
        let before = pad.device.outputs.count
        let impact = try call(["call"] + object + [own, "Impact", "ssd", "app", "heavy", "1"])
        try expect(impact.status == 0, "Impact failed: \(impact.output)")
        let since = { Array(pad.device.outputs.dropFirst(before)) }
        try expect(
            Monotonic.wait(upTo: .seconds(3)) { since().contains(where: BluetoothVoiceCoilTests.sounds) },
            "Impact sent no sounding report 0x32: \(since().map { $0.bytes.prefix(3) })")
        try expect(
            Monotonic.wait(upTo: .seconds(2)) {
                let coils = since().filter { $0.bytes.first == 0x32 }
                return coils.last.map { !BluetoothVoiceCoilTests.sounds($0) } == true
            }, "the stream did not end in a silent report 0x32")
        let emulation = since().compactMap(DualSenseOutputReport.init).filter { $0.validFlag0 & DualSenseOutputReport.motorBits != 0 }
        try expect(emulation.isEmpty, "\(emulation.count) report(s) turned the rumble emulation on")
    }

    private static func drivesPads(_ programs: Programs) async throws {
        let bus = try startBus(programs)
        defer { stop(bus) }

        let daemon = try ChildProcess(programs.hapticsd, [])
        var daemonDone = false
        defer {
            if !daemonDone {
                daemon.kill(SIGKILL)
                _ = daemon.finish()
            }
        }
        let (call, object, own) = (busctl(programs), Self.object, Self.own)
        var serving = false
        for _ in 0..<100 where !serving {
            serving = try call(["get-property"] + object + [own, "Version"]).status == 0
            if !serving { usleep(50_000) }
        }
        try expect(serving, "hapticsd never served org.sigxcpu.Feedback")
        let none = try call(["get-property"] + object + [own, "Devices"])
        try expect(none.output.hasPrefix("a(sss) 0"), "with no pad, Devices is \(none.output)")

        // On a pseudo-terminal, so its output can be read as it comes: the monitor is listening
        // once it shows a call made after it started (a fixed wait missed the signal on a
        // loaded host).
        let monitor = try TerminalProcess(programs.busctl, ["--user", "--no-pager", "monitor", "--json=short", "org.sigxcpu.Feedback"])
        var listening = false
        for _ in 0..<50 where !listening {
            _ = try call(["get-property"] + object + [own, "Version"])
            listening = monitor.wait(upTo: .milliseconds(200), for: #""Version""#)
        }
        try expect(listening, "busctl monitor never showed a call:\n\(monitor.output)")
        let pad = try VirtualGamepad(name: "Hapticsd Pad")
        defer { pad.destroy() }
        var listed = ""
        for _ in 0..<100 where !listed.contains(pad.node) {
            listed = try call(["get-property"] + object + [own, "Devices"]).output
            if !listed.contains(pad.node) { usleep(50_000) }
        }
        try expect(listed.contains("\"\(pad.node)\" \"Hapticsd Pad\" \"rumble\""), "Devices did not list the plugged pad: \(listed)")
        usleep(200_000)
        kill(monitor.pid, SIGKILL)
        let traffic = monitor.finish().output
        try expect(
            traffic.contains(#""member":"PropertiesChanged","payload":{"type":"sa{sv}as","data":["\#(own)",{"Devices""#),
            "no PropertiesChanged for Devices when the pad was plugged in:\n\(traffic.suffix(2000))")
        let impact = try call(["call"] + object + [own, "Impact", "ssd", "app", "heavy", "1"])
        try expect(impact.status == 0, "Impact failed: \(impact.output)")
        try expect(
            pad.wait { $0 == .upload(id: 0, type: UInt16(FF_RUMBLE), strong: 0xFFFF, weak: 0xFFFF, length: 110) },
            "the pad did not get heavy: \(pad.records.map(\.record))")
        try expect(pad.wait { $0 == .play(id: 0, value: 0) }, "the pad was not stopped after heavy: \(pad.records.map(\.record))")
        pad.reset()
        let trigger = try call(
            ["call"] + object + ["org.sigxcpu.Feedback", "TriggerFeedback", "ssa{sv}i", "app", "button-pressed", "0", "--", "-1"])
        try expect(trigger.status == 0, "TriggerFeedback failed: \(trigger.output)")
        try expect(
            pad.wait { if case .upload(_, _, 10486, 10486, 90) = $0 { true } else { false } },
            "button-pressed (the built-in theme's light impact) did not reach the pad: \(pad.records.map(\.record))")

        let dualSense = try VirtualDualSense()
        defer { dualSense.destroy() }
        var both = ""
        for _ in 0..<100 where !both.contains(dualSense.node) {
            both = try call(["get-property"] + object + [own, "Devices"]).output
            if !both.contains(dualSense.node) { usleep(50_000) }
        }
        try expect(both.hasPrefix("a(sss) 2"), "Devices did not list both pads: \(both)")
        _ = try call(["call"] + object + [own, "Impact", "ssd", "app", "heavy", "1"])
        var full = false
        for _ in 0..<200 where !full {
            full = dualSense.motorReports.contains { $0.levels == VirtualDualSense.levels(strong: 0xFFFF, weak: 0xFFFF) }
            if !full { usleep(10_000) }
        }
        try expect(full, "the DualSense's motors did not get heavy: \(dualSense.motorReports.map(\.levels))")
        // An event from the built-in theme, once heavy is over: bell-terminal plays the medium preset.
        var silent = false
        for _ in 0..<200 where !silent {
            silent = dualSense.motorReports.last?.levels == .off
            if !silent { usleep(10_000) }
        }
        try expect(silent, "the DualSense did not go silent after heavy: \(dualSense.motorReports.map(\.levels))")
        // hid-playstation sends the motors' levels from a work item, which sends the latest
        // ones: on a loaded instruction clock it may run only after the short effect has
        // stopped, and send its end alone. So the event is asked up to three times.
        let before = dualSense.motorReports.count
        let medium = try require(Renderer().render(Preset.impact(.medium).pattern).frames.first, "the medium preset has no frame")
        let expected = PadPlayback.levels(for: medium, on: dualSense)
        var (reached, asked) = (false, 0)
        while !reached && asked < 3 {
            asked += 1
            let event = ["org.sigxcpu.Feedback", "TriggerFeedback", "ssa{sv}i", "app", "bell-terminal", "0", "--", "-1"]
            _ = try call(["call"] + object + event)
            reached = Monotonic.wait(upTo: .seconds(1)) { dualSense.motorReports.dropFirst(before).contains { $0.levels == expected } }
        }
        try expect(
            reached,
            "bell-terminal, asked 3 times, did not reach the DualSense's motors as \(expected): "
                + "\(dualSense.motorReports.dropFirst(before).map(\.levels))")
        if asked > 1 { print("note: bell-terminal reached the DualSense's motors when asked the \(asked == 2 ? "second" : "third") time") }

        // The DualSense unplugged, a loop on the pad left, then that pad unplugged mid-loop:
        // its playback fails, the feedback ends with reason 2, and the daemon serves on.
        dualSense.destroy()
        var one = ""
        for _ in 0..<100 where !one.hasPrefix("a(sss) 1") {
            one = try call(["get-property"] + object + [own, "Devices"]).output
            if !one.hasPrefix("a(sss) 1") { usleep(50_000) }
        }
        try expect(one.hasPrefix("a(sss) 1"), "Devices still lists the unplugged DualSense: \(one)")
        let ends = try ChildProcess(programs.busctl, ["--user", "monitor", "--json=short", "org.sigxcpu.Feedback"])
        usleep(300_000)
        pad.reset()
        let loop = try call(
            ["call"] + object + ["org.sigxcpu.Feedback", "TriggerFeedback", "ssa{sv}i", "app", "phone-incoming-call", "0", "0"])
        let loopID = try require(loop.output.split(separator: " ").last.flatMap { UInt32($0.filter(\.isNumber)) }, "no id: \(loop.output)")
        try expect(pad.wait { if case .play(_, 1) = $0 { true } else { false } }, "the loop never played: \(pad.records.map(\.record))")
        pad.destroy()
        usleep(1_500_000)
        ends.kill(SIGKILL)
        let signals = ends.finish().output
        try expect(
            signals.contains(#""member":"FeedbackEnded","payload":{"type":"uu","data":[\#(loopID),2]}"#),
            "no FeedbackEnded(\(loopID), 2) when the last pad was unplugged:\n\(signals.suffix(2000))")
        let again = try VirtualGamepad(name: "Hapticsd Pad Again")
        defer { again.destroy() }
        var relisted = ""
        for _ in 0..<100 where !relisted.contains(again.node) {
            relisted = try call(["get-property"] + object + [own, "Devices"]).output
            if !relisted.contains(again.node) { usleep(50_000) }
        }
        try expect(relisted.contains(again.node), "the daemon did not take a pad plugged in after the unplugging: \(relisted)")
        _ = try call(["call"] + object + ["org.sigxcpu.Feedback", "TriggerFeedback", "ssa{sv}i", "app", "phone-incoming-call", "0", "0"])
        try expect(
            again.wait { if case .play(_, 1) = $0 { true } else { false } }, "the daemon did not serve on: \(again.records.map(\.record))")
        daemon.kill(SIGTERM)
        let (status, output) = daemon.finish()
        daemonDone = true
        try expect(status == 0, "hapticsd exited \(status) on SIGTERM:\n\(output)")
        try expect(
            again.wait { if case .erase = $0 { true } else { false } },
            "SIGTERM did not erase the pad's effect: \(again.records.map(\.record))")
        let lastPlay = again.records.map(\.record).last { if case .play = $0 { true } else { false } }
        try expect(
            { if case .play(_, 0)? = lastPlay { true } else { false } }(), "SIGTERM left the pad playing: \(String(describing: lastPlay))")
    }

    /// `ImpactAt(…, right-trigger)` on a DualSense whose hidraw node hapticsd may write (the
    /// runner is root): `auto` plays the trigger through hidraw, each report setting the right
    /// trigger's block alone (motor bytes and bits 0), a vibration while heavy plays, off once
    /// it ends. Then a loop at the trigger from a client that leaves the bus at once (`busctl`):
    /// the daemon ends it, closes the trigger's engine, and the trigger is off and stays off.
    /// Last, a one-shot (which plays on after its client left) ended by SIGTERM: the trigger
    /// is off by the daemon's exit.
    private static func playsTheTrigger(_ programs: Programs) async throws {
        let bus = try startBus(programs)
        defer { stop(bus) }
        let pad = try VirtualDualSense()
        defer { pad.destroy() }
        _ = try HidrawNode.of(pad.node)
        let daemon = try ChildProcess(programs.hapticsd, [])
        var daemonDone = false
        defer { if !daemonDone { stop(daemon) } }
        let (call, object, own) = (busctl(programs), Self.object, Self.own)
        try waitUntilServing(call: call, object: object, own: own)
        let describe = { (reports: [DualSenseOutputReport], origin: Duration) in
            reports.isEmpty ? "nothing" : reports.map { "\n  \(Int((($0.at - origin).inMilliseconds).rounded()))ms \($0)" }.joined()
        }
        let vibrates = { (report: DualSenseOutputReport) in (report.rightTrigger.vibrationAmplitude ?? 0) > 0 }

        let since = Monotonic.now
        let impact = try call(["call"] + object + [own, "ImpactAt", "ssds", "app", "heavy", "1", "right-trigger"])
        try expect(impact.status == 0, "ImpactAt failed: \(impact.output)")
        let played = Monotonic.wait(upTo: .seconds(3)) {
            let reports = pad.outputReports.filter { $0.at >= since && $0.setsTriggers }
            guard let first = reports.firstIndex(where: vibrates) else { return false }
            return reports[first...].contains { $0.rightTrigger.isOff }
        }
        let impactReports = pad.outputReports.filter { $0.at >= since && $0.setsTriggers }
        try expect(played, "heavy at right-trigger did not vibrate the trigger and turn it off: \(describe(impactReports, since))")
        for report in impactReports {
            try expect(
                report.validFlag0 == DualSenseOutputReport.rightTriggerBit && report.validFlag1 == 0 && report.leftMotor == 0
                    && report.rightMotor == 0,
                "a trigger report sets more than the right trigger's block: \(report); all: \(describe(impactReports, since))")
        }

        let loopSince = Monotonic.now
        let ahap =
            #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 3, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}]}}]}"#
        let loop = try call(["call"] + object + [own, "PlayAHAPAt", "ssis", "app", ahap, "0", "right-trigger"])
        try expect(loop.status == 0, "PlayAHAPAt failed: \(loop.output)")
        let ended = Monotonic.wait(upTo: .seconds(2)) {
            let reports = pad.outputReports.filter { $0.at >= loopSince && $0.setsTriggers }
            guard let first = reports.firstIndex(where: vibrates) else { return false }
            return reports[first...].contains { $0.rightTrigger.isOff }
        }
        usleep(500_000)
        let loopReports = pad.outputReports.filter { $0.at >= loopSince && $0.setsTriggers }
        try expect(
            ended, "the loop of a client that left did not vibrate the trigger and end off within 2 s: \(describe(loopReports, loopSince))")
        try expect(
            loopReports.last?.rightTrigger.isOff == true,
            "the trigger was set again after the client left: \(describe(loopReports, loopSince))")
        let off = loopReports.firstIndex { $0.rightTrigger.isOff } ?? loopReports.count
        try expect(
            !loopReports[off...].contains(where: vibrates),
            "the trigger vibrated again after it was turned off: \(describe(loopReports, loopSince))")

        // A one-shot plays on after its client left; SIGTERM mid-play turns the trigger off.
        let oneShotSince = Monotonic.now
        let oneShot = try call(["call"] + object + [own, "PlayAHAPAt", "ssis", "app", ahap, "--", "-1", "right-trigger"])
        try expect(oneShot.status == 0, "PlayAHAPAt failed: \(oneShot.output)")
        let playing = Monotonic.wait(upTo: .seconds(2)) {
            pad.outputReports.contains { $0.at >= oneShotSince && $0.setsTriggers && vibrates($0) }
        }
        try expect(
            playing,
            "the one-shot did not vibrate the trigger: \(describe(pad.outputReports.filter { $0.at >= oneShotSince && $0.setsTriggers }, oneShotSince))"
        )
        let terminated = Monotonic.now
        daemon.kill(SIGTERM)
        let (status, output) = daemon.finish()
        daemonDone = true
        try expect(status == 0, "hapticsd exited \(status) on SIGTERM:\n\(output)")
        try expect(output.contains("left the bus: closed 1 engine"), "hapticsd did not close the trigger's engine:\n\(output)")
        _ = Monotonic.wait(upTo: .seconds(1)) { pad.outputReports.contains { $0.at >= terminated && $0.rightTrigger.isOff } }
        let exitReports = pad.outputReports.filter { $0.at >= oneShotSince && $0.setsTriggers }
        try expect(
            exitReports.last?.rightTrigger.isOff == true && exitReports.last.map { $0.at >= terminated } == true,
            "SIGTERM mid-play left the trigger on (times from the one-shot): \(describe(exitReports, oneShotSince))")
    }

    /// Waits (up to 5 s) until hapticsd, reached through `call` (busctl's arguments), serves
    /// version 2 of its own interface `own` on `object`.
    private static func waitUntilServing(
        call: ([String]) throws -> (status: Int32, output: String), object: [String], own: String
    ) throws {
        var serving = false
        for _ in 0..<100 where !serving {
            serving = try call(["get-property"] + object + [own, "Version"]).output.contains("u 2")
            if !serving { usleep(50_000) }
        }
        try expect(serving, "hapticsd never served version 2 of \(own)")
    }
}
