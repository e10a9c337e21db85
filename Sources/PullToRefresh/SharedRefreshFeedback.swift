import Synchronization

/// One feedback for many components: every `RefreshController` made with this value plays its
/// cues here while nothing is attached to it, so an app sets its haptics once (and may change
/// them later) for every header and footer it hands this to. Nothing is process-wide: each
/// app, test or window makes its own.
///
/// ```swift
/// let shared = SharedRefreshFeedback(RefreshFeedback(engine))
/// let header = RefreshController(kind: .header, shared: shared)
/// let footer = RefreshController(kind: .backFooter, shared: shared)
/// ```
public final class SharedRefreshFeedback: Sendable {
    private let current: Mutex<RefreshFeedback?>

    /// Creates a shared value holding `feedback` (none by default).
    public init(_ feedback: RefreshFeedback? = nil) {
        current = Mutex(feedback)
    }

    /// The feedback the components use when nothing is attached to them; `nil` for none.
    public var feedback: RefreshFeedback? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
