/// Why a JSON document (a pattern file, a theme) is not what was expected: which file, where
/// in it, and what was wrong.
///
/// Its description is one line, ready for a terminal:
/// `bad.ahap: Pattern[3].Event.EventDuration: expected a number of seconds, found a string`.
public struct JSONDocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Problem: Sendable, Equatable {
        /// The file could not be opened or read; `reason` is the system's word for it.
        case unreadable(reason: String)
        /// The file is larger than the loader accepts.
        case tooLarge(bytes: Int, limit: Int)
        /// The file holds nothing but white space; `expected` says what it should hold.
        case empty(expected: String)
        /// The file is not JSON; the position is 1-based.
        case notJSON(line: Int, column: Int, expected: String)
        /// The file is JSON, but a value is missing or of the wrong kind.
        case invalidValue(expected: String, found: String)
    }

    /// The file's path as given, or a name for data that came from elsewhere.
    public var file: String
    /// The JSON path of the offending value, e.g. `Pattern[3].Event.EventDuration`; `$` for
    /// the document itself.
    public var path: String
    /// What went wrong.
    public var problem: Problem

    /// Creates an error for `file` at the JSON `path`.
    public init(file: String, path: String, problem: Problem) {
        self.file = file
        self.path = path
        self.problem = problem
    }

    /// One line naming the file, the JSON path, what was expected and what was found.
    public var description: String {
        switch problem {
        case .unreadable(let reason):
            "\(file): cannot read the file: \(reason); check the path and its permissions"
        case .tooLarge(let bytes, let limit):
            "\(file): the file is \(bytes) bytes; the limit is \(limit) bytes"
        case .empty(let expected):
            "\(file): the file is empty; expected \(expected)"
        case .notJSON(let line, let column, let expected):
            "\(file): line \(line), column \(column) (in \(path)): not valid JSON: expected \(expected)"
        case .invalidValue(let expected, let found):
            "\(file): \(path): expected \(expected), found \(found)"
        }
    }
}
