/// What a shell offers for the value of an option or a positional argument: the words it may
/// be, paths, both, or nothing. The completion scripts come from it, beside the declaration
/// the parser and the help use.
package enum ValueCompletion: Sendable, Hashable {
    /// Any text: nothing to offer.
    case none
    /// One of these words.
    case words([String])
    /// One of these words, or several separated by commas (`stdout,evdev`): each at most
    /// once in a list, and none of `alone` there, which stand only by themselves.
    case commaSeparatedWords([String], alone: [String] = [])
    /// A path.
    case files
    /// One of these words, or a path.
    case wordsOrFiles([String])

    /// The words offered, without the paths.
    package var words: [String] {
        switch self {
        case .none, .files: []
        case .words(let words), .commaSeparatedWords(let words, _), .wordsOrFiles(let words): words
        }
    }

    /// Whether paths are offered.
    package var offersFiles: Bool {
        switch self {
        case .files, .wordsOrFiles: true
        case .none, .words, .commaSeparatedWords: false
        }
    }
}
