import Glibc
import Haptics
import Synchronization
import Testing

@testable import HapticsCommandLine
@testable import HapticsDaemon
@testable import HapticsDaemonTool

@Suite struct DaemonAdviceTests {
    @Test func aThemeFromTheEnvironmentSaysSoAndExits65() {
        let captured = Captured()
        let code = HapticsDaemonCommand.run(
            ["--driver", "record"], environment: ["FEEDBACK_THEME": "/nonexistent"], console: captured.console)
        #expect(code == .dataError)
        #expect(
            captured.err
                == "Error: /nonexistent: cannot read the file: No such file or directory; check the path and its permissions "
                + "(the theme $FEEDBACK_THEME names; fix it, unset FEEDBACK_THEME, or pass --theme FILE)")
    }

    @Test func aThemeOnTheCommandLineIsItsErrorAlone() {
        let captured = Captured()
        let code = HapticsDaemonCommand.run(
            ["--theme", "/nonexistent"], environment: ["FEEDBACK_THEME": "/other"], console: captured.console)
        #expect(code == .dataError)
        #expect(captured.err == "Error: /nonexistent: cannot read the file: No such file or directory; check the path and its permissions")
    }

    @Test func noSessionBusSaysWhereItLooksAndHowToRun() {
        let message = DaemonAdvice.message(for: BusError(BusError.connectingToTheSessionBus, result: -ENOMEDIUM))
        #expect(message.hasPrefix("connecting to the session bus: No medium found: hapticsd serves a desktop session's bus"))
        #expect(message.contains("systemctl --user start hapticsd"))
        #expect(DaemonAdvice.message(for: BusError("requesting the name", result: -EIO)) == "requesting the name: Input/output error")
    }
}

/// Standard error, kept.
private final class Captured: Sendable {
    private let lines = Mutex<[String]>([])
    var console: Console { Console(out: { _ in }, err: { line in self.lines.withLock { $0.append(line) } }) }
    var err: String { lines.withLock { $0.joined(separator: "\n") } }
}
