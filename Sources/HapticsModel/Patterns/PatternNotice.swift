/// Something in a pattern file that was loaded in a changed form or skipped, such as an audio
/// event or a continuous event longer than 30 seconds. Not an error: the rest plays.
public struct PatternNotice: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as given.
    public var file: String
    /// The JSON path of the value concerned; empty for a pattern that is no JSON (a Haptica
    /// string).
    public var path: String
    /// What was done with it and why.
    public var message: String

    /// Creates a notice about the value at `path` in `file`.
    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// One line: `file: path: message`, or `file: message` with no path.
    public var description: String { path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)" }
}
