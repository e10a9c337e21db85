import Glibc

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
    public static let standard = Console(out: { writeLine($0, to: STDOUT_FILENO) }, err: { writeLine($0, to: STDERR_FILENO) })

    private static func writeLine(_ line: String, to descriptor: Int32) {
        var text = line + "\n"
        text.withUTF8 { bytes in
            guard var base = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = write(descriptor, base, left)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                base += written
                left -= written
            }
        }
    }
}
