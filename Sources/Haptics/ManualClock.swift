import Synchronization

/// A clock whose time moves only when told to, so playback can be tested exactly and
/// instantly: sleepers wake when `advance` passes their deadline, in deadline order (ties in
/// the order they went to sleep).
public final class ManualClock: Clock, Sendable {
    /// A point in the manual clock's time: an offset from its zero.
    public struct Instant: InstantProtocol, Sendable {
        /// Time since the clock's zero.
        public var offset: Duration

        /// Creates an instant `offset` after the clock's zero.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether this instant comes first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers = SleeperQueue<Instant>()
    }

    private let state = Mutex(State())

    /// Creates a clock at time zero.
    public init() {}

    /// The current time.
    public var now: Instant { state.withLock { $0.now } }

    /// Any duration can be waited for exactly.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on the clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.sleepers.count } }

    /// Suspends until `advance` reaches `deadline`; returns at once for a deadline not in the
    /// future. Throws `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { $0.sleepers.reserveID() }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let due: [SleeperQueue<Instant>.Sleeper]? = state.withLock { state in
                    guard state.sleepers.insert(id: id, deadline: deadline, continuation: continuation) != nil else { return nil }
                    return state.sleepers.removeDue(by: state.now)
                }
                guard let due else { return continuation.resume(throwing: CancellationError()) }
                for sleeper in due { sleeper.continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.sleepers.remove(id: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration` and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `instant` (never backward) and wakes every sleeper whose
    /// deadline has come, earliest first.
    public func advance(to instant: Instant) {
        let due = state.withLock { state in
            state.now = max(state.now, instant)
            return state.sleepers.removeDue(by: state.now)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
