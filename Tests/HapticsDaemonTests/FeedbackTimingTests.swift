import Testing

/// When feedbacks play and end, against feedbackd's own rules, through real clients (Gio) on
/// a real `dbus-daemon`, timed on the recording driver's frames and the client's clock.
@Suite(.serialized, .enabled(if: ClientTools.runnable, ClientTools.reason))
struct FeedbackTimingTests {
    static let debianTheme = "/usr/share/feedbackd/themes/default.json"

    /// A Gio client that triggers `event` with `timeout` and prints how many milliseconds after
    /// the call's reply `FeedbackEnded` came, and its reason. The reply leaves the daemon as the
    /// feedback starts, and reply and signal take the same way to the client, so the time
    /// between them is the daemon's, whatever the bus's delays.
    private static func timed(_ event: String, timeout: Int) -> String {
        Clients.gio + """
            arrived = {}
            bus.signal_subscribe(None, FEEDBACK, 'FeedbackEnded', '/org/sigxcpu/Feedback', None, 0,
                                 lambda *a: arrived.setdefault(a[5].unpack()[0], GLib.get_monotonic_time()))
            feedback = call(FEEDBACK, 'TriggerFeedback', '(ssa{sv}i)', ['app', '\(event)', {}, \(timeout)])[0]
            start = GLib.get_monotonic_time()
            wait_ended([feedback])
            print('ended', ended[feedback], 'after', round((arrived[feedback] - start) / 1000))
            """
    }

    /// The milliseconds the client printed after `after`.
    private func milliseconds(in output: String) -> Int? {
        output.split(separator: "\n").first { $0.hasPrefix("ended") }.flatMap { $0.split(separator: " ").last }.flatMap { Int($0) }
    }

    /// Debian's message-new-email (duration 750, count 3, pause 100): three 150 ms pulses
    /// 100 ms apart, `FeedbackEnded` at 750 ms (`fbd_feedback_vibra_rumble_start_vibra`,
    /// src/fbd-feedback-vibra-rumble.c; the duration timer of `fbd_feedback_vibra_run`,
    /// src/fbd-feedback-vibra.c).
    @Test func debiansNewEmailIsThreePulsesEndingAt750ms() throws {
        let harness = try DaemonHarness(["--theme", Self.debianTheme])
        let result = try harness.python(Self.timed("message-new-email", timeout: -1))
        #expect(result.output.contains("ended [0]"))
        let after = try #require(milliseconds(in: result.output))
        print("message-new-email: FeedbackEnded \(after) ms after the reply")
        #expect((725...775).contains(after), "FeedbackEnded came \(after) ms after the reply")
        let frames = harness.frames { $0.filter { !$0.isSilent }.count == 3 && $0.last?.isSilent == true }
        #expect(frames.map(\.duration) == [150, 100, 150, 100, 150, 0])
        #expect(frames.filter { !$0.isSilent }.map(\.time).map { $0 - (frames.first?.time ?? 0) } == [0, 250, 500])
    }

    /// A loop with a timeout starts runs until the timeout marks it expired and ends when the
    /// run in progress ends (`on_fb_ended`, `on_timeout_expired`, src/fbd-event.c): 750 ms runs
    /// and a 1 s timeout end at 1500 ms, naturally.
    @Test func aTimedLoopEndsWhenTheRunInProgressEnds() throws {
        let harness = try DaemonHarness(["--theme", Self.debianTheme])
        let result = try harness.python(Self.timed("message-new-email", timeout: 1))
        #expect(result.output.contains("ended [0]"))
        let after = try #require(milliseconds(in: result.output))
        // Not at the 1 s timeout (the run in progress finishes) and not after a third run
        // (2250 ms); a loaded machine may only add delay.
        #expect((1475..<2200).contains(after), "FeedbackEnded came \(after) ms after the reply")
        let pulses = harness.frames { $0.filter { !$0.isSilent }.count == 6 }.filter { !$0.isSilent }
        #expect(pulses.count == 6)
    }

    /// Telegram Desktop's `Haptic.Vibrate(app, [(0.2, 5)])`: a 5 ms tick at 20 %, too short
    /// for a pad's motor to spin up, plays as the minimum pulse on both motors.
    @Test func telegramsTickIsAPulseAPadUserFeels() throws {
        let harness = try DaemonHarness()
        let script =
            Clients.gio + """
                print('result', call(HAPTIC, 'Vibrate', '(sa(du))', ['org.telegram.desktop', [(0.2, 5)]])[0])
                GLib.usleep(300000)
                """
        #expect(try harness.python(script).output.contains("result True"))
        let frames = harness.frames { $0.last?.isSilent == true }
        #expect(frames.count == 2)
        #expect(frames.first?.duration == 40)
        #expect(frames.first?.strong == 0.2)
        #expect(frames.first?.weak == 0.2)
    }

    /// Plasma Mobile's `Vibrate(app, [(1.0, N)]`: N ms at full strength.
    @Test(arguments: [50, 300]) func plasmasVibrationPlaysItsLengthAtFull(milliseconds: Int) throws {
        let harness = try DaemonHarness()
        let script =
            Clients.gio + """
                print('result', call(HAPTIC, 'Vibrate', '(sa(du))', ['org.kde.plasmashell', [(1.0, \(milliseconds))]])[0])
                GLib.usleep(\(milliseconds * 1000 + 300_000))
                """
        #expect(try harness.python(script).output.contains("result True"))
        let frames = harness.frames { $0.last?.isSilent == true }
        #expect(frames.map(\.duration) == [Double(milliseconds), 0])
        #expect(frames.first?.strong == 1)
        #expect(frames.first?.weak == 1)
    }
}
