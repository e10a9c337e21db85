import Glibc
import HapticsPlatform

/// Where a command writes: standard output and standard error, one call per line, so tests
/// can capture both.
public struct Console: Sendable {
    /// Writes one line (without its newline) to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes one line (without its newline) to standard error.
    public var err: @Sendable (String) -> Void
    /// Writes bytes as they are (binary output, such as a WAV file) to standard output.
    public var bytes: @Sendable ([UInt8]) -> Void

    /// Creates a console writing through the given closures; one made without `bytes` drops
    /// binary output (for commands that write none).
    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        bytes: @escaping @Sendable ([UInt8]) -> Void = { _ in }
    ) {
        self.out = out
        self.err = err
        self.bytes = bytes
    }

    /// The process's own standard output and error, unbuffered.
    public static let standard = Console(
        out: { FileWriter.write($0 + "\n", to: STDOUT_FILENO) },
        err: { FileWriter.write($0 + "\n", to: STDERR_FILENO) },
        bytes: { FileWriter.write(bytes: $0, to: STDOUT_FILENO) })
}
