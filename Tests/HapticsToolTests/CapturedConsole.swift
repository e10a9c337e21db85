import HapticsTool
import Synchronization

@testable import HapticsCommandLine

/// A console that keeps what a command writes, for assertions.
final class CapturedConsole: Sendable {
    private let lines = Mutex<(out: [String], err: [String], bytes: [UInt8])>(([], [], []))

    var console: Console {
        Console(
            out: { line in self.lines.withLock { $0.out.append(line) } },
            err: { line in self.lines.withLock { $0.err.append(line) } },
            bytes: { data in self.lines.withLock { $0.bytes += data } })
    }

    /// Standard output, lines joined by newlines.
    var out: String { lines.withLock { $0.out.joined(separator: "\n") } }
    /// The bytes written to standard output as they are.
    var bytes: [UInt8] { lines.withLock { $0.bytes } }
    /// Standard error, lines joined by newlines.
    var err: String { lines.withLock { $0.err.joined(separator: "\n") } }

    /// Runs `haptics` with `arguments` and returns its exit status and this console.
    static func run(_ arguments: String...) async -> (ExitCode, CapturedConsole) {
        let captured = CapturedConsole()
        let code = await HapticsCommand.run(arguments, on: captured.console)
        return (code, captured)
    }
}
