public import HapticsModel

/// Why a theme could not be loaded: which file, where in it, and what was expected.
///
/// Its description is one line:
/// `my.json: profiles[1].feedbacks[0].duration: expected a number of milliseconds from 0 to 32767, found a string`.
public struct ThemeLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Problem: Sendable, Equatable {
        /// The file could not be opened or read; `reason` is the system's word for it.
        case unreadable(reason: String)
        /// The file is larger than a theme may be.
        case tooLarge(bytes: Int, limit: Int)
        /// The file is not JSON; the position is 1-based.
        case notJSON(line: Int, column: Int, expected: String)
        /// The file is JSON, but a value is missing or of the wrong kind.
        case invalidValue(expected: String, found: String)
        /// An AHAP file the theme names could not be loaded.
        case pattern(PatternLoadError)
    }

    /// The theme file's path as given, or a name for a theme from elsewhere.
    public var file: String
    /// The JSON path of the offending value, e.g. `profiles[1].feedbacks[0].duration`.
    public var path: String
    /// What went wrong.
    public var problem: Problem

    /// Creates an error for `file` at the JSON `path`.
    public init(file: String, path: String, problem: Problem) {
        self.file = file
        self.path = path
        self.problem = problem
    }

    /// One line naming the file, the JSON path and what was expected.
    public var description: String {
        switch problem {
        case .unreadable(let reason):
            "\(file): cannot read the theme: \(reason)"
        case .tooLarge(let bytes, let limit):
            "\(file): the theme is \(bytes) bytes; themes are limited to \(limit) bytes"
        case .notJSON(let line, let column, let expected):
            "\(file): line \(line), column \(column) (in \(path)): not valid JSON: expected \(expected)"
        case .invalidValue(let expected, let found):
            "\(file): \(path): expected \(expected), found \(found)"
        case .pattern(let error):
            "\(file): \(path): \(error)"
        }
    }
}
