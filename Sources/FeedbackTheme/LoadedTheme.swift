/// A theme as read from a file, with what the loader skipped.
public struct LoadedTheme: Sendable, Hashable {
    /// The theme.
    public var theme: FeedbackTheme
    /// One line per kind of entry skipped (e.g. all `Sound` entries together), and any
    /// notices of the AHAP files it names.
    public var notices: [String]

    /// Pairs a theme with its notices.
    public init(theme: FeedbackTheme, notices: [String] = []) {
        self.theme = theme
        self.notices = notices
    }
}
