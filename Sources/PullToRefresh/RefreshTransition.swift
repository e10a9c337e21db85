/// A change of state: `from` and `to` always differ.
public struct RefreshTransition: Sendable, Hashable {
    /// The state before the input.
    public let from: RefreshState
    /// The state after the input.
    public let to: RefreshState

    /// Creates the transition from one state to another.
    public init(from: RefreshState, to: RefreshState) {
        self.from = from
        self.to = to
    }
}
