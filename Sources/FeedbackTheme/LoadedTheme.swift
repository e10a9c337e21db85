/// A theme as read from a file, with what the loader skipped and what it warns about.
public struct LoadedTheme: Sendable, Hashable {
    /// The theme.
    public var theme: FeedbackTheme
    /// One line per kind of entry skipped (e.g. all `Sound` entries together), and any
    /// notices of the AHAP files it names.
    public var notices: [String]
    /// One line per entry feedbackd plays in an undefined way or otherwise than it reads
    /// (e.g. a `VibraRumble` of count 0), saying what plays here.
    public var warnings: [String]

    /// Pairs a theme with its notices and warnings.
    public init(theme: FeedbackTheme, notices: [String] = [], warnings: [String] = []) {
        self.theme = theme
        self.notices = notices
        self.warnings = warnings
    }
}
