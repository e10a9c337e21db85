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

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var registering: Set<UInt64> = []
        var cancelled: Set<UInt64> = []
    }

    private let state = Mutex(State())

    /// Creates a clock at time zero.
    public init() {}

    /// The current time.
    public var now: Instant { state.withLock { $0.now } }

    /// Any duration can be waited for exactly.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on the clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until `advance` reaches `deadline`; returns at once for a deadline not in the
    /// future. Throws `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            state.registering.insert(state.nextID)
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    state.registering.remove(id)
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    if state.registering.contains(id) { state.cancelled.insert(id) }
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration` and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `instant` (never backward) and wakes every sleeper whose
    /// deadline has come, earliest first.
    public func advance(to instant: Instant) {
        let due: [Sleeper] = state.withLock { state in
            state.now = max(state.now, instant)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due.enumerated().sorted { ($0.element.deadline, $0.offset) < ($1.element.deadline, $1.offset) }.map(\.element)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
