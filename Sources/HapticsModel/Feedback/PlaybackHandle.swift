import Synchronization

/// One playback started on an engine: wait for it to end, or stop it alone.
public struct PlaybackHandle: Sendable {
    private let completion: PlaybackCompletion
    private let stopper: @Sendable () -> Void

    package init(completion: PlaybackCompletion, stopper: @escaping @Sendable () -> Void) {
        self.completion = completion
        self.stopper = stopper
    }

    /// A handle for a playback that has already ended with `outcome`: what a stand-in for
    /// the engine (a test's recorder, a feedback that plays nothing) hands back.
    public static func ended(_ outcome: PlaybackOutcome) -> PlaybackHandle {
        let completion = PlaybackCompletion()
        completion.finish(outcome)
        return PlaybackHandle(completion: completion) {}
    }

    /// Waits until the playback ends, and says how. When the waiting task is cancelled, the
    /// wait ends at once with `nil`; the playback goes on.
    public func finished() async -> PlaybackOutcome? {
        await completion.wait()
    }

    /// Calls `handler` once with the outcome when the playback ends, on the thread that ends
    /// it (at once, on this thread, when it has ended already). For code that cannot wait, such
    /// as an event loop that learns of ends through its own queue.
    public func whenFinished(_ handler: @escaping @Sendable (PlaybackOutcome) -> Void) {
        completion.whenFinished(handler)
    }

    /// How the playback ended, once it has.
    public var outcome: PlaybackOutcome? { completion.outcome }

    /// Whether the playback has ended.
    public var isFinished: Bool { completion.outcome != nil }

    /// Stops this playback only; others on the same engine go on.
    public func stop() {
        stopper()
    }
}

/// The one-shot signal behind a `PlaybackHandle`.
package final class PlaybackCompletion: Sendable {
    private struct State {
        var outcome: PlaybackOutcome?
        var waiters: [UInt64: CheckedContinuation<PlaybackOutcome?, Never>] = [:]
        var nextWaiter: UInt64 = 0
        var cancelledEarly: Set<UInt64> = []
        var handlers: [@Sendable (PlaybackOutcome) -> Void] = []
    }

    private let state = Mutex(State())

    /// A completion no playback has finished yet.
    package init() {}

    /// The outcome, once there is one.
    package var outcome: PlaybackOutcome? { state.withLock { $0.outcome } }

    /// Records the outcome, wakes every waiter and calls every handler (after unlocking);
    /// later calls are ignored.
    package func finish(_ outcome: PlaybackOutcome) {
        let (waiters, handlers) = state.withLock {
            state -> ([CheckedContinuation<PlaybackOutcome?, Never>], [@Sendable (PlaybackOutcome) -> Void]) in
            guard state.outcome == nil else { return ([], []) }
            state.outcome = outcome
            defer {
                state.waiters = [:]
                state.handlers = []
            }
            return (Array(state.waiters.values), state.handlers)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
        for handler in handlers { handler(outcome) }
    }

    /// Calls `handler` with the outcome once there is one: at once when there is already.
    package func whenFinished(_ handler: @escaping @Sendable (PlaybackOutcome) -> Void) {
        let outcome: PlaybackOutcome? = state.withLock { state in
            if state.outcome == nil { state.handlers.append(handler) }
            return state.outcome
        }
        if let outcome { handler(outcome) }
    }

    /// Waits for the outcome; `nil` when the waiting task is cancelled first.
    package func wait() async -> PlaybackOutcome? {
        let id: UInt64 = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: PlaybackOutcome?? = state.withLock { state in
                    if let outcome = state.outcome { return .some(outcome) }
                    if state.cancelledEarly.remove(id) != nil { return .some(nil) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiter: CheckedContinuation<PlaybackOutcome?, Never>? = state.withLock { state in
                if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
                if state.outcome == nil { state.cancelledEarly.insert(id) }
                return nil
            }
            waiter?.resume(returning: nil)
        }
    }
}
