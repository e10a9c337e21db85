/// A pattern as read from a file, with the notices about what was skipped or adjusted.
public struct LoadedPattern: Sendable, Hashable {
    /// The pattern, ready to render.
    public var pattern: HapticPattern
    /// What the loader skipped or adjusted, in file order.
    public var notices: [PatternNotice]

    /// Pairs a pattern with its notices.
    public init(pattern: HapticPattern, notices: [PatternNotice] = []) {
        self.pattern = pattern
        self.notices = notices
    }
}
