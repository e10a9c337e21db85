import Glibc
import Testing

/// `org.sigxcpu.Feedback` against Debian's own clients: `fbcli` and libfeedback.
@Suite(.serialized, .enabled(if: ClientTools.runnable, ClientTools.reason))
struct FeedbackInterfaceTests {
    static let debianTheme = "/usr/share/feedbackd/themes/default.json"

    @Test func fbcliPlaysButtonPressedFromDebiansTheme() throws {
        let harness = try DaemonHarness(["--theme", Self.debianTheme])
        #expect(harness.log.contains("skipped 16 Sound entries"))
        #expect(!harness.log.contains("Led entries"))
        let fbcli = try harness.client("/usr/bin/fbcli", ["-E", "button-pressed"])
        // fbcli ends on FeedbackEnded; its input stays open, so it cannot end early.
        #expect(fbcli.process.wait(timeout: .seconds(5)) == 0)
        let frames = harness.frames { $0.contains(where: \.isSilent) }
        // 15 ms in the theme, lengthened to the renderer's 40 ms minimum pulse, both motors, at
        // feedbackd's rumble level: strong 0x8000 of 0xFFFF in 0.0.3 (`fbd_dev_vibra_rumble`,
        // src/fbd-dev-vibra.c), 0.5 by default in 0.8.
        #expect(frames.count == 2)
        #expect(frames.first == RecordedFrame(time: frames.first?.time ?? 0, duration: 40, strong: 0.5, weak: 0.5))
        #expect(frames.last?.isSilent == true)
        #expect(abs((frames.last?.time ?? 0) - (frames.first?.time ?? 0) - 40) < 0.01)
    }

    @Test func rumbleCountAndPauseAsTheThemeSays() throws {
        let harness = try DaemonHarness(["--theme", Self.debianTheme])
        let fbcli = try harness.client("/usr/bin/fbcli", ["-E", "message-new-email"])
        #expect(fbcli.process.wait(timeout: .seconds(6)) == 0)
        let frames = harness.frames { $0.last?.isSilent == true && $0.count > 1 }
        // `rumble = duration / count − pause` (`fbd_feedback_vibra_rumble_start_vibra`,
        // src/fbd-feedback-vibra-rumble.c): 750 / 3 − 100 = 150 ms pulses, 250 ms apart.
        #expect(frames.map(\.duration) == [150, 100, 150, 100, 150, 0])
        #expect(frames.map(\.strong) == [0.5, 0, 0.5, 0, 0.5, 0])
    }

    @Test func libfeedbackReceivesFeedbackEndedWithTheNaturalReason() throws {
        let harness = try DaemonHarness()
        let result = try harness.python(Clients.libfeedback, ["button-pressed", "-1", "-1"])
        #expect(result.status == 0)
        #expect(result.output.contains("triggered True"))
        #expect(result.output.contains("ended 0"))
        #expect(harness.frames.contains { !$0.isSilent })
    }

    @Test func anEventWithoutFeedbackEndsAtOnceAsNotFound() throws {
        let harness = try DaemonHarness()
        let result = try harness.python(Clients.libfeedback, ["x-nothing-here", "-1", "-1"])
        #expect(result.output.contains("ended -1"))
        #expect(harness.frames.isEmpty)
    }

    @Test func aLoopEndsWithEndFeedback() throws {
        let harness = try DaemonHarness()
        let result = try harness.python(Clients.libfeedback, ["button-pressed", "0", "0.5"])
        #expect(result.output.contains("ended 2"))
        let frames = harness.frames
        // The 40 ms light impact loops (one held level, as the player merges equal frames) for
        // about 500 ms, then the motors stop.
        #expect(frames.first?.isSilent == false)
        #expect(frames.last?.isSilent == true)
        if let first = frames.first, let last = frames.last {
            #expect((400...900).contains(last.time - first.time))
        }
    }

    @Test func aLoopEndsWithItsTimeout() throws {
        let harness = try DaemonHarness()
        let result = try harness.python(Clients.libfeedback, ["button-pressed", "1", "-1"])
        // feedbackd never sends EXPIRED: `on_timeout_expired` (src/fbd-event.c) only marks the
        // event expired, and its last run ends it with the reason NATURAL.
        #expect(result.output.contains("ended 0"))
        let frames = harness.frames
        #expect(frames.last?.isSilent == true)
        if let first = frames.first, let last = frames.last {
            #expect((950...1100).contains(last.time - first.time))
        }
    }

    @Test func aLoopEndsWithin100msOfItsClientBeingKilled() throws {
        let harness = try DaemonHarness()
        let fbcli = try harness.client("/usr/bin/fbcli", ["-E", "button-pressed", "-t", "0"])
        harness.frames { !$0.isEmpty }
        usleep(200_000)
        let before = harness.frames.count
        let killed = ContinuousClock.now
        fbcli.process.signal(SIGKILL)
        let stopped = poll(timeout: .seconds(2)) { harness.frames.dropFirst(before).contains(where: \.isSilent) }
        let elapsed = ContinuousClock.now - killed
        #expect(stopped)
        #expect(elapsed < .milliseconds(100), "the motors stopped \(elapsed) after the kill")
    }

    @Test func everythingTriggerFeedbackStartedEndsWhenItsClientLeaves() throws {
        let harness = try DaemonHarness(["--theme", Self.debianTheme])
        // A one-shot of 10 s (Debian's phone-incoming-call, whose motor starts after the kernel's
        // 200 ms delay); the client leaves half a second in.
        let script =
            Clients.gio + """
                print('id', call(FEEDBACK, 'TriggerFeedback', '(ssa{sv}i)', ['app', 'phone-incoming-call', {}, -1])[0])
                GLib.usleep(500000)
                """
        #expect(try harness.python(script).output.contains("id 1"))
        let frames = harness.frames(within: .seconds(3)) { $0.contains { !$0.isSilent } && $0.last?.isSilent == true }.drop { $0.isSilent }
        #expect(frames.first?.isSilent == false)
        #expect(frames.last?.isSilent == true)
        if let first = frames.first, let last = frames.last {
            #expect(last.time - first.time < 1000, "the 10 s feedback ran \(last.time - first.time) ms after its client left")
        }
    }

    @Test func silentSilencesAndImportantOverrides() throws {
        let harness = try DaemonHarness()
        #expect(try harness.run("/usr/bin/fbcli", ["-P", "silent"], timeout: .seconds(5)).status == 0)
        let script =
            Clients.gio + """
                print('profile', call('org.freedesktop.DBus.Properties', 'Get', '(ss)', [FEEDBACK, 'Profile'])[0])
                quiet = call(FEEDBACK, 'TriggerFeedback', '(ssa{sv}i)', ['app', 'button-pressed', {}, -1])[0]
                wait_ended([quiet])
                print('silenced', ended[quiet])
                loud = call(FEEDBACK, 'TriggerFeedback', '(ssa{sv}i)', ['app', 'button-pressed', {'important': GLib.Variant('b', True)}, -1])[0]
                wait_ended([loud])
                print('important', ended[loud])
                """
        let result = try harness.python(script)
        #expect(result.output.contains("profile silent"))
        #expect(result.output.contains("silenced [4294967295]"))
        #expect(result.output.contains("important [0]"))
        #expect(harness.frames.filter { !$0.isSilent }.count == 1)
    }

    @Test func theProfileHintPlaysAtMostThatProfile() throws {
        let theme = """
            {"name": "t", "profiles": [
              {"name": "full", "feedbacks": [{"event-name": "e", "type": "VibraRumble", "duration": 100, "magnitude": 0.5}]},
              {"name": "quiet", "feedbacks": [{"event-name": "e", "type": "VibraRumble", "duration": 200, "magnitude": 0.25}]}
            ]}
            """
        let harness = try DaemonHarness(start: false)
        try harness.startDaemon(["--theme", try harness.file("theme.json", theme)])
        let script =
            Clients.gio + """
                one = call(FEEDBACK, 'TriggerFeedback', '(ssa{sv}i)', ['app', 'e', {'profile': GLib.Variant('s', 'quiet')}, -1])[0]
                wait_ended([one])
                print('ended', ended[one])
                """
        #expect(try harness.python(script).output.contains("ended [0]"))
        // Only quiet's entry: 200 ms at 0.25 (full would add 100 ms at 0.5 on top).
        let frames = harness.frames { $0.last?.isSilent == true }
        #expect(frames.first?.duration == 200)
        #expect(frames.first?.strong == 0.25)
    }

    @Test func profileIsValidatedAndSignalled() throws {
        let harness = try DaemonHarness()
        let script =
            Clients.gio + """
                changes = []
                bus.signal_subscribe(None, 'org.freedesktop.DBus.Properties', 'PropertiesChanged', '/org/sigxcpu/Feedback', None, 0,
                                     lambda *a: changes.append(a[5].unpack()[1]))
                print('bad', error_of(lambda: call('org.freedesktop.DBus.Properties', 'Set', '(ssv)', [FEEDBACK, 'Profile', GLib.Variant('s', 'loud')])))
                print('still', call('org.freedesktop.DBus.Properties', 'Get', '(ss)', [FEEDBACK, 'Profile'])[0])
                call('org.freedesktop.DBus.Properties', 'Set', '(ssv)', [FEEDBACK, 'Profile', GLib.Variant('s', 'quiet')])
                context = GLib.MainContext.default()
                for _ in range(200):
                    if changes: break
                    context.iteration(False); GLib.usleep(5000)
                print('changes', changes)
                """
        let output = try harness.python(script).output
        #expect(output.contains("bad org.freedesktop.DBus.Error.InvalidArgs"))
        #expect(output.contains("still full"))
        #expect(output.contains("changes [{'Profile': 'quiet'}]"))
    }

    /// The reply to setting `Profile` comes before its `PropertiesChanged`, as GDBus (feedbackd)
    /// sends them: feedbackd's own client test stops at the signal and closes the connection.
    @Test func settingProfileIsAnsweredBeforeItsChangeIsSignalled() throws {
        let harness = try DaemonHarness()
        let script =
            Clients.gio + """
                order = []
                bus.signal_subscribe(None, 'org.freedesktop.DBus.Properties', 'PropertiesChanged', '/org/sigxcpu/Feedback', None, 0,
                                     lambda *a: order.append('signal'))
                bus.call(FEEDBACK, '/org/sigxcpu/Feedback', 'org.freedesktop.DBus.Properties', 'Set',
                         GLib.Variant('(ssv)', (FEEDBACK, 'Profile', GLib.Variant('s', 'silent'))), None, 0, -1, None,
                         lambda connection, result: (connection.call_finish(result), order.append('reply')))
                context = GLib.MainContext.default()
                for _ in range(400):
                    if len(order) == 2: break
                    context.iteration(False); GLib.usleep(5000)
                print('order', order)
                """
        #expect(try harness.python(script).output.contains("order ['reply', 'signal']"))
    }

    @Test func malformedCallsGetErrorsAndChangeNothing() throws {
        let harness = try DaemonHarness()
        let wrongSignature = try harness.busctl("org.sigxcpu.Feedback", "TriggerFeedback", ["ssa{sv}", "app", "button-pressed", "0"])
        #expect(wrongSignature.status != 0)
        #expect(wrongSignature.errors.contains("expecting 'ssa{sv}i'"))
        // feedbackd counts a timeout below -1 as -1 (`fbd_feedback_manager_handle_trigger_feedback`),
        // and refuses an empty app id or event.
        let emptyApp = try harness.busctl("org.sigxcpu.Feedback", "TriggerFeedback", ["ssa{sv}i", "", "button-pressed", "0", "-5"])
        #expect(emptyApp.status != 0)
        #expect(emptyApp.errors.contains("Invalid app id"))
        let emptyEvent = try harness.busctl("org.sigxcpu.Feedback", "TriggerFeedback", ["ssa{sv}i", "app", "", "0", "-1"])
        #expect(emptyEvent.errors.contains("Invalid event"))
        let badTimeout = try harness.busctl("org.sigxcpu.Feedback", "TriggerFeedback", ["ssa{sv}i", "app", "button-pressed", "0", "3601"])
        #expect(badTimeout.status != 0)
        #expect(badTimeout.errors.contains("timeout 3601"))
        let badHint = try harness.busctl(
            "org.sigxcpu.Feedback", "TriggerFeedback", ["ssa{sv}i", "app", "button-pressed", "1", "important", "s", "yes", "-1"])
        #expect(badHint.errors.contains("the hint 'important'"))
        let unknown = try harness.busctl("org.sigxcpu.Feedback", "EndFeedback", ["u", "12345"])
        #expect(unknown.status == 0)
        usleep(200_000)
        #expect(harness.frames.isEmpty)
    }

    @Test func aClientCannotKeepMoreThan32FeedbacksRunning() throws {
        let harness = try DaemonHarness()
        let script =
            Clients.gio + """
                ids = [call(FEEDBACK, 'TriggerFeedback', '(ssa{sv}i)', ['app', 'button-pressed', {}, 0])[0] for _ in range(32)]
                print('33rd', error_of(lambda: call(FEEDBACK, 'TriggerFeedback', '(ssa{sv}i)', ['app', 'button-pressed', {}, 0])))
                call(FEEDBACK, 'EndFeedback', '(u)', [ids[0]])
                wait_ended([ids[0]])
                print('after an end', call(FEEDBACK, 'TriggerFeedback', '(ssa{sv}i)', ['app', 'button-pressed', {}, -1])[0] > 0)
                """
        let output = try harness.python(script).output
        #expect(output.contains("33rd org.freedesktop.DBus.Error.LimitsExceeded"))
        #expect(output.contains("after an end True"))
    }

    @Test func introspectionShowsEveryInterface() throws {
        let harness = try DaemonHarness()
        let busctl = try harness.run("/usr/bin/busctl", ["--user", "introspect", "org.sigxcpu.Feedback", "/org/sigxcpu/Feedback"])
        for member in [".TriggerFeedback", ".EndFeedback", ".FeedbackEnded", ".Profile", ".Vibrate", ".PlayAHAP", ".Impact", ".Devices"] {
            #expect(busctl.output.contains(member), "\(member) missing from busctl introspect")
        }
        let gdbus = try harness.run(
            "/usr/bin/gdbus", ["introspect", "--session", "--dest", "org.sigxcpu.Feedback", "--object-path", "/org/sigxcpu/Feedback"])
        #expect(gdbus.output.contains("TriggerFeedback(in  s app_id,"))
        #expect(gdbus.output.contains("interface org.sigxcpu.Feedback.Haptic"))
        #expect(gdbus.output.contains("interface io.github.haptics.Haptics1"))
    }
}
