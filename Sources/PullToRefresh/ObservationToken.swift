import Synchronization

/// Keeps an observer attached to a `RefreshController`; cancelling it, or letting it go, detaches the observer.
///
/// Keep the token for as long as the observer should receive cues. It holds the controller weakly,
/// so it never keeps the controller alive, and cancelling after the controller is gone does nothing.
public final class ObservationToken: Sendable {
    private let detach: Mutex<(@Sendable () -> Void)?>

    init(detach: @escaping @Sendable () -> Void) {
        self.detach = Mutex(detach)
    }

    /// Detaches the observer. Calling it again does nothing.
    public func cancel() {
        let pendingDetach = detach.withLock { $0.take() }
        pendingDetach?()
    }

    deinit {
        cancel()
    }
}
