import Haptics
import HapticsEvdev
import HapticsRouting
import HapticsTesting
import Testing

@testable import HapticsCommandLine
@testable import HapticsDaemon
@testable import HapticsTool

/// `--driver` takes one driver or a list (`stdout,evdev`), driven at once through a `FanOutDriver`.
@Suite struct DriverChoiceTests {
    /// The drivers a playing command's line names.
    private func drivers(_ arguments: [String]) throws -> [DriverChoice] {
        var reader = ArgumentReader(arguments, for: ImpactCommand.configuration)
        return try PlaybackOptions(parsing: &reader).drivers
    }

    @Test func oneDriverOrAListInOrder() throws {
        #expect(try drivers([]) == [.auto])
        #expect(try drivers(["--driver", "evdev"]) == [.evdev])
        #expect(try drivers(["--driver", "stdout,evdev"]) == [.stdout, .evdev])
        #expect(try drivers(["--driver=evdev,stdout"]) == [.evdev, .stdout])
    }

    @Test(arguments: [
        (
            ["impact", "light", "--driver", "auto,stdout"],
            "Error: 'auto' picks one driver itself and cannot be combined: name the drivers, e.g. '--driver stdout,evdev'"
        ),
        (["impact", "light", "--driver", "stdout,stdout"], "Error: 'stdout' is named twice in '--driver'"),
        (
            ["play", "heavy", "--driver", "stdout,record"],
            "Error: 'record' plays instantly on a virtual clock, the others in real time: it cannot be combined with them"
        ),
        (
            ["select", "--driver", "stdout,"],
            "Error: the value 'stdout,' of '--driver' is not one of auto, stdout, record, evdev, hidraw, audio"
        ),
        (
            ["notify", "success", "--driver", "stdout,laser"],
            "Error: the value 'stdout,laser' of '--driver' is not one of auto, stdout, record, evdev, hidraw, audio"
        ),
        (["demo", "--driver", "stdout,record"], "Error: the demo plays in real time; '--driver record' only applies with '--trace'"),
        (["demo", "--trace", "t.csv", "--driver", "evdev,evdev"], "Error: 'evdev' is named twice in '--driver'"),
    ])
    func aListThatCannotBeDrivenIsAUsageError(_ arguments: [String], _ message: String) async {
        let captured = CapturedConsole()
        let code = await HapticsCommand.run(arguments, on: captured.console)
        #expect(code == .usage)
        #expect(captured.err.split(separator: "\n").first.map(String.init) == message)
    }

    @Test func everyHelpThatDeclaresDriverSaysItTakesAList() {
        let helps =
            HapticsCommand.subcommands.map { $0.configuration }.filter { $0.options.contains { $0.name == "--driver" } }
            .filter { $0.name != TriggerCommand.configuration.name }.map { $0.help }
            + [DaemonOptions.configuration.help]
        #expect(helps.count == 6)
        for help in helps {
            #expect(
                help.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
                    .contains("several (not auto), separated by commas, drive all at once, e.g. stdout,evdev"))
        }
    }

    /// With no pad plugged in, a driver that needs one says none was found, and where to look,
    /// rather than quoting the 'auto' nobody typed.
    @Test(arguments: ["evdev", "hidraw", "stdout,evdev", "stdout,hidraw"])
    func withNoPadADriverThatNeedsOneSaysNoneWasFound(driver: String) async {
        guard DeviceDiscovery().devices().isEmpty else {
            print("skipped: a device that can vibrate is plugged in")
            return
        }
        let (code, console) = await CapturedConsole.run("impact", "heavy", "--driver", driver)
        #expect(code == .failure)
        #expect(console.err.hasPrefix("Error: no gamepad"), "\(console.err)")
        #expect(console.err.contains("TROUBLESHOOTING in haptics(1)"))
        #expect(!console.err.contains("'auto'") && !console.err.contains("--driver evdev"), "\(console.err)")
    }

    @Test func everyHelpThatDeclaresDriverDescribesEachDriverOnce() throws {
        let configurations =
            HapticsCommand.subcommands.map { $0.configuration }.filter { $0.name != TriggerCommand.configuration.name }
            + [DaemonOptions.configuration]
        let abstracts = configurations.compactMap { $0.options.first { $0.name == "--driver" }?.abstract }
        #expect(abstracts.count == 6)
        for abstract in abstracts {
            for driver in DriverChoice.allCases {
                #expect(abstract.components(separatedBy: "\(driver.rawValue): ").count == 2, "\(driver) in: \(abstract)")
            }
        }
    }

    @Test(arguments: [
        ("/dev/null", "Error: /dev/null is not an input device"),
        ("/nonexistent/event9", "Error: cannot open /nonexistent/event9: No such file or directory"),
    ])
    func autoWithANamedDeviceFailsAsEvdevWouldInsteadOfDrawingInTheTerminal(device: String, error: String) async {
        let (code, console) = await CapturedConsole.run("impact", "heavy", "--device", device)
        #expect(code == .failure)
        #expect(console.err.hasPrefix(error), "\(console.err)")
        #expect(console.out.isEmpty)
    }

    @Test func aListIsOneFanOutOverItsDriversInOrder() throws {
        let first = RecordingDriver()
        let second = RecordingDriver()
        let combined = try DriverChoice.combined([.stdout, .record]) { $0 == .stdout ? first : second }
        let fanOut = try #require(combined as? FanOutDriver)
        #expect(fanOut.drivers.map { $0 as? RecordingDriver === first ? 1 : $0 as? RecordingDriver === second ? 2 : 0 } == [1, 2])
        let alone = try DriverChoice.combined([.stdout]) { _ in first }
        #expect(alone as? RecordingDriver === first)
    }

    @Test func bothDriversOfAListReceiveEveryFrame() async throws {
        let first = RecordingDriver()
        let second = RecordingDriver()
        let clock = ManualClock()
        let engine = HapticEngine(driver: try DriverChoice.combined([.stdout, .evdev]) { $0 == .stdout ? first : second }, clock: clock)
        engine.notify(.success)
        await clock.run()
        await engine.close()
        #expect(!first.frames.isEmpty)
        #expect(first.entries == second.entries)
        let levels = { (frames: [RumbleFrame]) in frames.filter { !$0.isSilent }.map { [$0.strong, $0.weak] } }
        #expect(levels(first.frames) == levels(engine.track(for: .notification(.success)).frames))
    }

    @Test func whenOneCannotBeMadeThoseBeforeAreClosedAndItsErrorThrown() {
        struct Absent: Error, Equatable {}
        let made = RecordingDriver()
        #expect(throws: Absent()) {
            try DriverChoice.combined([.stdout, .evdev]) { choice in
                guard choice == .stdout else { throw Absent() }
                return made
            }
        }
        #expect(made.entries == [.close])
    }
}
