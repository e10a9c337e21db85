import Glibc
import Testing

/// The project's own interface, `io.github.haptics.Haptics1`, through `busctl` and Gio.
@Suite(.serialized, .enabled(if: ClientTools.runnable, ClientTools.reason))
struct HapticsInterfaceTests {
    static let interface = "io.github.haptics.Haptics1"

    @Test func impactNotifyAndSelectionPlayTheirPresets() throws {
        let harness = try DaemonHarness()
        let impact = try harness.busctl(Self.interface, "Impact", ["ssd", "app", "heavy", "1"])
        #expect(impact.output.hasPrefix("u "))
        // A one-shot plays to its end even though busctl left the bus at once.
        let heavy = harness.frames { $0.last?.isSilent == true }
        #expect(heavy.filter { !$0.isSilent }.reduce(0) { $0 + $1.duration } >= 60)
        #expect(heavy.map(\.strong).max() == 1)
        let count = heavy.count
        #expect(try harness.busctl(Self.interface, "Notify", ["ss", "app", "success"]).status == 0)
        #expect(harness.frames { $0.count > count + 2 && $0.last?.isSilent == true }.count > count + 2)
        #expect(try harness.busctl(Self.interface, "Selection", ["s", "app"]).status == 0)
        let unknown = try harness.busctl(Self.interface, "Impact", ["ssd", "app", "enormous", "1"])
        #expect(unknown.errors.contains("not one of light, medium, heavy, soft, rigid"))
        let tooStrong = try harness.busctl(Self.interface, "Impact", ["ssd", "app", "heavy", "1.5"])
        #expect(tooStrong.errors.contains("intensity 1.5"))
    }

    @Test func nothingSoundsInTheSilentProfile() throws {
        let harness = try DaemonHarness()
        #expect(try harness.run("/usr/bin/fbcli", ["-P", "silent"], timeout: .seconds(5)).status == 0)
        let ahap = #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.1}}]}"#
        for (method, signature, arguments) in [
            ("Impact", "ssd", ["app", "heavy", "1"]), ("Notify", "ss", ["app", "success"]),
            ("Selection", "s", ["app"]), ("PlayAHAP", "ssi", ["app", ahap, "-1"]),
        ] {
            let result = try harness.busctl(Self.interface, method, [signature] + arguments)
            #expect(result.output.hasPrefix("u "), "\(method): \(result.errors)")
        }
        #expect(harness.frames.isEmpty)
    }

    @Test func playAHAPPlaysTheDocumentAndRefusesBadOnes() throws {
        let harness = try DaemonHarness()
        let ahap =
            #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.3, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0}]}}]}"#
        #expect(try harness.busctl(Self.interface, "PlayAHAP", ["ssi", "app", ahap, "-1"]).status == 0)
        let frames = harness.frames { $0.last?.isSilent == true }
        #expect(frames.first.map { $0.strong == 1 && $0.weak == 0 && $0.duration == 300 } == true)
        let broken = try harness.busctl(
            Self.interface, "PlayAHAP",
            ["ssi", "app", #"{"Version": 1, "Pattern": [{"Event": {"Time": -1, "EventType": "HapticTransient"}}]}"#, "-1"])
        #expect(broken.errors.contains("PlayAHAP: Pattern[0].Event.Time"))
        let script =
            Clients.gio + """
                print('oversized', error_of(lambda: call(OWN, 'PlayAHAP', '(ssi)', ['app', ' ' * (1024 * 1024 + 1), -1])))
                """
        #expect(try harness.python(script).output.contains("oversized org.freedesktop.DBus.Error.LimitsExceeded"))
    }

    @Test func gainScalesWhatPlaysAndIsValidated() throws {
        let harness = try DaemonHarness()
        let set = try harness.run(
            "/usr/bin/busctl",
            ["--user", "set-property", "org.sigxcpu.Feedback", "/org/sigxcpu/Feedback", Self.interface, "Gain", "d", "0.5"])
        #expect(set.status == 0)
        let bad = try harness.run(
            "/usr/bin/busctl",
            ["--user", "set-property", "org.sigxcpu.Feedback", "/org/sigxcpu/Feedback", Self.interface, "Gain", "d", "2"])
        #expect(bad.errors.contains("gain 2.0 is not a number from 0 to 1"))
        let get = try harness.run(
            "/usr/bin/busctl", ["--user", "get-property", "org.sigxcpu.Feedback", "/org/sigxcpu/Feedback", Self.interface, "Gain"])
        #expect(get.output.contains("d 0.5"))
        _ = try harness.busctl(Self.interface, "Impact", ["ssd", "app", "heavy", "1"])
        #expect(harness.frames { !$0.isEmpty }.first?.strong == 0.5)
    }

    @Test func stopAndStopAllEndLoops() throws {
        let harness = try DaemonHarness()
        let ahap = #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.2}}]}"#
        let script =
            Clients.gio + """
                first = call(OWN, 'PlayAHAP', '(ssi)', ['app', sys.argv[1], 0])[0]
                second = call(OWN, 'PlayAHAP', '(ssi)', ['app', sys.argv[1], 0])[0]
                GLib.usleep(300000)
                call(OWN, 'Stop', '(u)', [first])
                wait_ended([first], 5)
                print('first', ended.get(first), 'second', ended.get(second))
                call(OWN, 'StopAll', None, [])
                wait_ended([second], 5)
                print('second', ended.get(second))
                """
        let output = try harness.python(script, [ahap]).output
        #expect(output.contains("first [2] second None"))
        #expect(output.contains("second [2]"))
        #expect(harness.frames.last?.isSilent == true)
    }

    @Test func devicesAndVersionAreProperties() throws {
        let harness = try DaemonHarness()
        let devices = try harness.run(
            "/usr/bin/busctl", ["--user", "get-property", "org.sigxcpu.Feedback", "/org/sigxcpu/Feedback", Self.interface, "Devices"])
        #expect(devices.output.contains(#"a(sss) 1 "-" "standard output" "record""#))
        let version = try harness.run(
            "/usr/bin/busctl", ["--user", "get-property", "org.sigxcpu.Feedback", "/org/sigxcpu/Feedback", Self.interface, "Version"])
        #expect(version.output.contains("u 2"))
    }

    @Test func theAtMethodsPlayAtALocalityAndRefuseANameThatIsNone() throws {
        let harness = try DaemonHarness()
        let impact = try harness.busctl(Self.interface, "ImpactAt", ["ssds", "app", "heavy", "1", "right-trigger"])
        #expect(impact.output.hasPrefix("u "), "\(impact.errors)")
        let heavy = harness.frames { $0.last?.isSilent == true }
        #expect(heavy.map(\.strong).max() == 1)
        // One handle: the frame's amplitude on that handle's motor alone; times go on from the
        // daemon's start, an engine made later too.
        let before = heavy.count
        _ = try harness.busctl(Self.interface, "ImpactAt", ["ssds", "app", "heavy", "1", "right-handle"])
        let rightHandle = harness.frames { $0.count > before + 1 && $0.last?.isSilent == true }.dropFirst(before)
        #expect(rightHandle.contains { $0.weak == 1 } && rightHandle.allSatisfy { $0.strong == 0 }, "\(harness.recorded)")
        #expect(rightHandle.first.map { first in heavy.allSatisfy { $0.time <= first.time } } == true, "\(harness.recorded)")
        let ahap = #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#
        for (method, signature, arguments) in [
            ("NotifyAt", "sss", ["app", "success", "triggers"]), ("SelectionAt", "ss", ["app", "left-handle"]),
            ("PlayAHAPAt", "ssis", ["app", ahap, "-1", "all"]),
        ] {
            let result = try harness.busctl(Self.interface, method, [signature] + arguments)
            #expect(result.output.hasPrefix("u "), "\(method): \(result.errors)")
        }
        let unknown = try harness.busctl(Self.interface, "ImpactAt", ["ssds", "app", "heavy", "1", "left-foot"])
        #expect(
            unknown.errors.contains(
                "the locality 'left-foot' is not one of all, handles, left-handle, right-handle, triggers, left-trigger, right-trigger"),
            "\(unknown.errors)")
        // The methods without a locality keep their signatures.
        let extra = try harness.busctl(Self.interface, "Impact", ["ssds", "app", "heavy", "1", "all"])
        #expect(extra.status != 0)
        let introspection = try harness.run(
            "/usr/bin/busctl", ["--user", "introspect", "org.sigxcpu.Feedback", "/org/sigxcpu/Feedback", Self.interface])
        for line in [".ImpactAt", ".Impact ", ".NotifyAt", ".PlayAHAPAt", ".SelectionAt"] {
            #expect(introspection.output.contains(line), "\(introspection.output)")
        }
        #expect(introspection.output.contains("ssis"))
    }

    @Test func aLocalityNoPadHasIsAnErrorSayingWhy() throws {
        let harness = try DaemonHarness(start: false)
        try harness.startDaemon(["--driver", "evdev", "--device", "no pad has this name"])
        let script =
            Clients.gio + """
                print('at', error_of(lambda: call(OWN, 'ImpactAt', '(ssds)', ['app', 'heavy', 1.0, 'left-trigger'])))
                """
        let output = try harness.python(script).output
        #expect(output.contains("at io.github.haptics.Haptics1.Error.LocalityUnavailable"), "\(output)")
        let busctl = try harness.busctl(Self.interface, "SelectionAt", ["ss", "app", "left-trigger"])
        #expect(busctl.errors.contains("no pad is driven to play at left-trigger"), "\(busctl.errors)")
    }

    @Test func aClientLeavingMidLoopEndsItsLocalitysPlaybackAndClosesItsEngine() throws {
        let harness = try DaemonHarness()
        let ahap = #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.2}}]}"#
        let script =
            Clients.gio + """
                print('id', call(OWN, 'PlayAHAPAt', '(ssis)', ['app', sys.argv[1], 0, 'right-trigger'])[0])
                GLib.usleep(500000)
                """
        #expect(try harness.python(script, [ahap]).output.contains("id 1"))
        #expect(poll(timeout: .seconds(5)) { harness.log.contains("left the bus: closed 1 engine") }, "\(harness.log)")
        let frames = harness.frames(within: .seconds(3)) { $0.contains { !$0.isSilent } && $0.last?.isSilent == true }
        #expect(frames.contains { !$0.isSilent })
        #expect(frames.last?.isSilent == true)
        let count = harness.frames.count
        usleep(400_000)
        #expect(harness.frames.count == count, "frames after the client left: \(harness.recorded)")
    }

    @Test(arguments: ["SIGTERM", "the bus lost"])
    func exitingClosesTheEnginesOfTheLocalities(how: String) throws {
        let harness = try DaemonHarness()
        let ahap = #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.2}}]}"#
        let script =
            Clients.gio + """
                print('id', call(OWN, 'PlayAHAPAt', '(ssis)', ['app', sys.argv[1], 0, 'left-trigger'])[0], flush=True)
                GLib.usleep(10000000)
                """
        let client = try harness.client(ClientTools.python, ["-c", script, ahap])
        #expect(!harness.frames(within: .seconds(5)) { $0.count > 2 }.isEmpty)
        if how == "SIGTERM" {
            harness.daemon?.signal(SIGTERM)
            #expect(harness.daemon?.wait(timeout: .seconds(5)) == 0)
        } else {
            harness.killBus()
            #expect(harness.daemon?.wait(timeout: .seconds(5)).map { $0 != 0 } == true)
        }
        // The main engine played nothing: the stop line is the locality's engine's, closed.
        #expect(harness.recorded.hasSuffix("{\"stop\":true}\n"), "\(harness.recorded.suffix(300))")
        client.process.signal(SIGKILL)
    }
}
