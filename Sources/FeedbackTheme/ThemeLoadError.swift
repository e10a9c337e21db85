public import HapticsModel

/// Why a theme could not be loaded: the theme file is not the JSON document expected, or a
/// pattern file it names could not be loaded.
///
/// Its description is one line naming the theme file and the JSON path:
/// `my.json: profiles[1].feedbacks[0].duration: expected a number of milliseconds from 0 to 32767, found a string`,
/// or, for a pattern file, `my.json: profiles[0].feedbacks[3].ahap: ` and the pattern's error.
public enum ThemeLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The theme file is unreadable, too large, empty or not JSON, or a value in it is missing
    /// or of the wrong kind.
    case document(JSONDocumentError)
    /// The pattern file named at the JSON `path` of the theme `file` could not be loaded.
    case pattern(file: String, path: String, error: PatternLoadError)

    /// The theme file's path as given, or a name for a theme from elsewhere.
    public var file: String {
        switch self {
        case .document(let error): error.file
        case .pattern(let file, _, _): file
        }
    }

    /// The JSON path in the theme of the offending value, e.g. `profiles[1].feedbacks[0].duration`.
    public var path: String {
        switch self {
        case .document(let error): error.path
        case .pattern(_, let path, _): path
        }
    }

    /// One line naming the theme file, the JSON path and what was expected.
    public var description: String {
        switch self {
        case .document(let error): "\(error)"
        case .pattern(let file, let path, let error): "\(file): \(path): \(error)"
        }
    }
}
