/// What one input did: the state change, if any, and the feedback cues to play, in order.
///
/// A state machine returns `nil` instead of an action with neither.
public struct RefreshAction: Sendable, Hashable {
    /// The change of state, or `nil` when the state stayed the same.
    public let transition: RefreshTransition?
    /// The cues to play, in order (a `prepare` comes before the impact of the same input).
    public let cues: [RefreshCue]

    /// Creates an action from a transition and the cues it fires.
    public init(transition: RefreshTransition?, cues: [RefreshCue]) {
        self.transition = transition
        self.cues = cues
    }
}
