import Synchronization

/// One playback started on a player: wait for it to end, or stop it alone.
public struct PlaybackHandle: Sendable {
    private let completion: PlaybackCompletion
    private let stopper: @Sendable () -> Void

    init(completion: PlaybackCompletion, stopper: @escaping @Sendable () -> Void) {
        self.completion = completion
        self.stopper = stopper
    }

    /// Waits until the playback ends, and says how.
    public func finished() async -> PlaybackOutcome {
        await completion.wait()
    }

    /// Whether the playback has ended.
    public var isFinished: Bool { completion.outcome != nil }

    /// Stops this playback only; others on the same player go on.
    public func stop() {
        stopper()
    }
}

/// The one-shot signal behind a `PlaybackHandle`.
final class PlaybackCompletion: Sendable {
    private struct State {
        var outcome: PlaybackOutcome?
        var waiters: [CheckedContinuation<PlaybackOutcome, Never>] = []
    }

    private let state = Mutex(State())

    /// The outcome, once there is one.
    var outcome: PlaybackOutcome? { state.withLock { $0.outcome } }

    /// Records the outcome and wakes every waiter; later calls are ignored.
    func finish(_ outcome: PlaybackOutcome) {
        let waiters: [CheckedContinuation<PlaybackOutcome, Never>] = state.withLock { state in
            guard state.outcome == nil else { return [] }
            state.outcome = outcome
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// Waits for the outcome.
    func wait() async -> PlaybackOutcome {
        await withCheckedContinuation { continuation in
            let ready: PlaybackOutcome? = state.withLock { state in
                if let outcome = state.outcome { return outcome }
                state.waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
