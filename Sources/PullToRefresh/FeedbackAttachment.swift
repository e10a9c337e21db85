import Synchronization

/// Keeps a feedback attached to a `RefreshController`; cancelling it, or letting it go,
/// detaches the feedback, and the one attached before takes over again.
///
/// Keep the attachment for as long as the feedback should receive cues. It holds the controller
/// weakly, so it never keeps the controller alive, and cancelling after the controller is gone
/// does nothing.
public final class FeedbackAttachment: Sendable {
    private let detach: Mutex<(@Sendable () -> Void)?>

    init(detach: @escaping @Sendable () -> Void) {
        self.detach = Mutex(detach)
    }

    /// Detaches the feedback. Calling it again does nothing.
    public func cancel() {
        let pendingDetach = detach.withLock { $0.take() }
        pendingDetach?()
    }

    deinit {
        cancel()
    }
}
