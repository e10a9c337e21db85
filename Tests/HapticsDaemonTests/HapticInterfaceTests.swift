import Testing

/// `org.sigxcpu.Feedback.Haptic` (feedbackd 0.6's `Vibrate`), through Gio and `busctl`.
@Suite(.serialized, .enabled(if: ClientTools.runnable, ClientTools.reason))
struct HapticInterfaceTests {
    @Test func vibratePlaysThePairsOnBothMotors() throws {
        let harness = try DaemonHarness()
        let script =
            Clients.gio + """
                print('result', call(HAPTIC, 'Vibrate', '(sa(du))', ['app', [(0.5, 100), (1.0, 50), (0.0, 30), (0.25, 10)]])[0])
                GLib.usleep(400000)
                """
        #expect(try harness.python(script).output.contains("result True"))
        let frames = harness.frames { $0.last?.isSilent == true }
        // The 10 ms item is lengthened to the 40 ms minimum pulse; the pause keeps its length.
        #expect(frames.map(\.duration) == [100, 50, 30, 40, 0])
        #expect(frames.map(\.strong) == [0.5, 1, 0, 0.25, 0])
        #expect(frames.map(\.weak) == [0.5, 1, 0, 0.25, 0])
    }

    @Test func anEmptyPatternStopsThatAppsVibration() throws {
        let harness = try DaemonHarness()
        let script =
            Clients.gio + """
                call(HAPTIC, 'Vibrate', '(sa(du))', ['app', [(1.0, 5000)]])
                GLib.usleep(200000)
                print('stop', call(HAPTIC, 'Vibrate', '(sa(du))', ['app', []])[0])
                GLib.usleep(200000)
                """
        #expect(try harness.python(script).output.contains("stop True"))
        let frames = harness.frames { $0.last?.isSilent == true }
        // A held level goes out again every 2 s; it was stopped long before the 5 s were up.
        #expect(frames.first?.duration == 2000)
        #expect(frames.first?.strong == 1)
        if let first = frames.first, let last = frames.last {
            #expect(last.time - first.time < 1000)
        }
    }

    @Test func vibrateIsRefusedInTheSilentProfile() throws {
        let harness = try DaemonHarness()
        #expect(try harness.run("/usr/bin/fbcli", ["-P", "silent"], timeout: .seconds(5)).status == 0)
        let result = try harness.busctl("org.sigxcpu.Feedback.Haptic", "Vibrate", ["sa(du)", "app", "1", "1", "100"])
        #expect(result.output.contains("b false"))
        #expect(harness.frames.isEmpty)
    }

    @Test func limitsAndBadValuesAreErrors() throws {
        let harness = try DaemonHarness()
        let items = (0..<11).flatMap { _ in ["0.5", "10"] }
        let tooMany = try harness.busctl("org.sigxcpu.Feedback.Haptic", "Vibrate", ["sa(du)", "app", "11"] + items)
        #expect(tooMany.errors.contains("at most 10 items"))
        let tooLong = try harness.busctl("org.sigxcpu.Feedback.Haptic", "Vibrate", ["sa(du)", "app", "1", "0.5", "10001"])
        #expect(tooLong.errors.contains("longer than 10000 ms"))
        let notANumber = try harness.busctl("org.sigxcpu.Feedback.Haptic", "Vibrate", ["sa(du)", "app", "1", "nan", "100"])
        #expect(notANumber.errors.contains("amplitude nan"))
        let negative = try harness.busctl("org.sigxcpu.Feedback.Haptic", "Vibrate", ["sa(du)", "app", "1", "-0.5", "100"])
        #expect(negative.errors.contains("amplitude -0.5"))
        #expect(harness.frames.isEmpty)
    }
}
