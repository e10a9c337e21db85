import HapticsEvdev
import Synchronization
import Testing

@testable import HapticsCommandLine
@testable import HapticsDaemon
@testable import HapticsDaemonTool

@Suite struct DaemonOptionsTests {
    private func parse(_ arguments: [String]) throws(UsageError) -> DaemonOptions {
        var reader = ArgumentReader(arguments, for: DaemonOptions.configuration)
        return try DaemonOptions.parse(&reader)
    }

    @Test func defaultsDriveEveryDevice() throws {
        let options = try parse([])
        #expect(options.drivers == [.auto])
        #expect(options.device == .all)
        #expect(options.theme == nil)
        #expect(!options.replace)
    }

    @Test func everyOptionReads() throws {
        let options = try parse(["--driver=record", "--device", "/dev/input/event3", "--theme", "t.json", "--replace"])
        #expect(options == DaemonOptions(drivers: [.record], device: .path("/dev/input/event3"), theme: "t.json", replace: true))
    }

    @Test func theDaemonTakesAListWithRecordSinceItRecordsInRealTime() throws {
        var reader = ArgumentReader(["--driver", "record,stdout"], for: DaemonOptions.configuration)
        #expect(try DaemonOptions(parsing: &reader).drivers == [.record, .stdout])
        var auto = ArgumentReader(["--driver", "evdev,auto"], for: DaemonOptions.configuration)
        #expect(throws: UsageError.self) { try DaemonOptions(parsing: &auto) }
    }

    @Test func badOptionsAreUsageErrors() {
        #expect(throws: UsageError.self) { try parse(["--driver", "loud"]) }
        #expect(throws: UsageError.self) { try parse(["--fast"]) }
        #expect(throws: UsageError.self) { try parse(["extra"]) }
    }

    @Test func helpAndVersionExitZero() {
        #expect(HapticsDaemonCommand.run(["--version"], environment: [:], console: .init(out: { _ in }, err: { _ in })) == .success)
        #expect(HapticsDaemonCommand.run(["-h"], environment: [:], console: .init(out: { _ in }, err: { _ in })) == .success)
        #expect(HapticsDaemonCommand.run(["--bogus"], environment: [:], console: .init(out: { _ in }, err: { _ in })) == .usage)
    }

    @Test func aBadValueSaysWhatIsWrongThenWhereTheHelpIs() {
        let errors = Mutex<[String]>([])
        let console = Console(out: { _ in }, err: { line in errors.withLock { $0.append(line) } })
        #expect(HapticsDaemonCommand.run(["--driver", "laser"], environment: [:], console: console) == .usage)
        #expect(
            errors.withLock { $0 } == [
                "Error: the value 'laser' of '--driver' is not one of auto, stdout, record, evdev, hidraw, audio", "See 'hapticsd --help'.",
            ])
    }
}
