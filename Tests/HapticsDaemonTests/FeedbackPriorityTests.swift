import Testing

/// Two clients at once, on a real `dbus-daemon`: a feedback marked important, or of a
/// notification-class event, plays alone on the pad; the other client's loop resumes after it,
/// its one-shot ends when it would have (`FeedbackArbitration`).
@Suite(.serialized, .enabled(if: ClientTools.runnable, ClientTools.reason))
struct FeedbackPriorityTests {
    /// `x-hum` at 0.25 (400 ms runs), `x-tap` at 0.25 for 600 ms, and the pre-empting ones at
    /// 0.5: mixed, they would sound at 0.75.
    static let theme = """
        {"name": "priorities", "profiles": [{"name": "full", "feedbacks": [
          {"event-name": "x-hum", "type": "VibraRumble", "duration": 400, "magnitude": 0.25},
          {"event-name": "x-tap", "type": "VibraRumble", "duration": 600, "magnitude": 0.25},
          {"event-name": "x-alert", "type": "VibraRumble", "duration": 300, "magnitude": 0.5},
          {"event-name": "notification-new-generic", "type": "VibraRumble", "duration": 800, "magnitude": 0.5}
        ]}]}
        """

    /// A Gio client that triggers `event` with `hints` (Python) and prints its end reason.
    static func trigger(_ event: String, hints: String) -> String {
        Clients.gio + """
            one = call(FEEDBACK, 'TriggerFeedback', '(ssa{sv}i)', ['alert', '\(event)', \(hints), -1])[0]
            wait_ended([one])
            print('ended', ended[one])
            """
    }

    @Test func anImportantFeedbackPlaysAloneAndALoopResumesAfterIt() throws {
        let harness = try DaemonHarness(start: false)
        try harness.startDaemon(["--theme", try harness.file("theme.json", Self.theme)])
        let hum = try harness.client(ClientTools.python, ["-c", Clients.libfeedback, "x-hum", "0", "2"])
        hum.process.closeInput()
        harness.frames { $0.contains { $0.strong == 0.25 } }
        let alert = try harness.python(Self.trigger("x-alert", hints: "{'important': GLib.Variant('b', True)}"))
        #expect(alert.output.contains("ended [0]"))
        #expect(hum.process.wait(timeout: .seconds(10)) == 0)
        #expect(harness.read(hum.output).contains("ended 2"))
        let frames = harness.frames
        let alone = frames.filter { $0.strong == 0.5 }
        #expect(!alone.isEmpty, "the important feedback did not play")
        #expect(!frames.contains { $0.strong == 0.75 }, "the two feedbacks mixed: \(frames)")
        // The loop starts a run again as the important feedback ends, not at its next run's
        // time (up to 400 ms later).
        let alertEnd = alone.last.map { $0.time + $0.duration } ?? .infinity
        let resumed = frames.first { $0.strong == 0.25 && $0.time >= alertEnd }
        #expect(resumed.map { $0.time - alertEnd < 150 } == true, "the loop did not resume after the important feedback: \(frames)")
    }

    @Test func aNotificationSilencesAOneShotThatEndsWhenItWouldHave() throws {
        let harness = try DaemonHarness(start: false)
        try harness.startDaemon(["--theme", try harness.file("theme.json", Self.theme)])
        let tap = try harness.client(ClientTools.python, ["-c", Clients.libfeedback, "x-tap", "-1", "-1"])
        tap.process.closeInput()
        harness.frames { $0.contains { $0.strong == 0.25 } }
        let notification = try harness.python(Self.trigger("notification-new-generic", hints: "{}"))
        #expect(notification.output.contains("ended [0]"))
        #expect(tap.process.wait(timeout: .seconds(10)) == 0)
        #expect(harness.read(tap.output).contains("ended 0"))
        let frames = harness.frames
        let alone = frames.filter { $0.strong == 0.5 }
        #expect(!alone.isEmpty, "the notification did not play")
        #expect(!frames.contains { $0.strong == 0.75 }, "the two feedbacks mixed: \(frames)")
        let after = frames.contains { $0.strong == 0.25 && $0.time > (alone.first?.time ?? .infinity) }
        #expect(!after, "the one-shot sounded again: \(frames)")
    }
}
