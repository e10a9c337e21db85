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
    public static let standard = Console(out: { write($0 + "\n", to: STDOUT_FILENO) }, err: { write($0 + "\n", to: STDERR_FILENO) })

    /// Writes all of `text` to `descriptor`, unbuffered, retrying after interruptions; a
    /// descriptor that fails is given up on.
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            guard var base = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = Glibc.write(descriptor, base, left)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                base += written
                left -= written
            }
        }
    }
}
