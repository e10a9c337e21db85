/// An input at a moment of a gesture trace.
public struct TimedRefreshInput: Sendable, Hashable {
    /// When the input happens, in milliseconds from the start of the trace.
    public let timeMilliseconds: Int
    /// The input.
    public let input: RefreshInput

    /// Creates an input at a time.
    public init(timeMilliseconds: Int, input: RefreshInput) {
        self.timeMilliseconds = timeMilliseconds
        self.input = input
    }
}
