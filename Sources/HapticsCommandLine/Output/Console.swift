import Glibc
import HapticsPlatform

/// Where a command writes: standard output and standard error, one call per line, so tests
/// can capture both.
public struct Console: Sendable {
    /// Writes one line (without its newline) to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes one line (without its newline) to standard error.
    public var err: @Sendable (String) -> Void

    /// Creates a console writing through the given closures.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// The process's own standard output and error, unbuffered.
    public static let standard = Console(
        out: { FileWriter.write($0 + "\n", to: STDOUT_FILENO) },
        err: { FileWriter.write($0 + "\n", to: STDERR_FILENO) })
}
