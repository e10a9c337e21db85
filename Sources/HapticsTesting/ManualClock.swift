package import HapticsPlayback
import Synchronization

/// A clock whose time moves only when told to, so playback can be tested exactly and
/// instantly.
///
/// `advance(by:)`, `advance(to:)` and `run()` step time to each deadline in turn, earliest
/// first (ties in the order they were set). An engine on this clock does its work during the
/// step itself, so when `advance` returns, every frame due by the new time has reached the
/// driver and every playback that ended has its outcome:
///
/// ```swift
/// let clock = ManualClock()
/// let driver = RecordingDriver()
/// let engine = HapticEngine(driver: driver, clock: clock)
/// engine.notify(.success)
/// await clock.advance(by: .milliseconds(500))
/// // driver.frames: every frame of the success pattern, with the time it was due
/// ```
///
/// Tasks sleeping on the clock (`sleep(until:)`) are resumed at their deadlines too, in the
/// same order; what such a task does after it wakes runs concurrently with the rest of the
/// step.
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
        var sleepers = SleeperQueue()
    }

    private let state = Mutex(State())

    /// Creates a clock at time zero.
    public init() {}

    /// The current time.
    public var now: Instant { state.withLock { $0.now } }

    /// Any duration can be waited for exactly.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on the clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.taskCount } }

    /// Suspends until time reaches `deadline`; returns at once for a deadline not in the
    /// future. Throws `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        guard deadline > now else { return }
        let id = state.withLock { $0.sleepers.reserveID() }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                // Registered and checked against the time in one step: an `advance` past the
                // deadline since the check above must not leave it asleep.
                let (registered, due) = state.withLock { state in
                    guard state.sleepers.insert(id: id, deadline: deadline.offset, continuation: continuation) != nil else {
                        return (false, false)
                    }
                    guard deadline <= state.now else { return (true, false) }
                    _ = state.sleepers.remove(id: id)
                    return (true, true)
                }
                if !registered { continuation.resume(throwing: CancellationError()) }
                if due { continuation.resume() }
            }
        } onCancel: {
            if case .task(let continuation) = state.withLock({ $0.sleepers.remove(id: id) })?.waker {
                continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Moves time forward by `duration`, through every deadline on the way (see
    /// `advance(to:)`).
    public func advance(by duration: Duration) async {
        await advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `instant` (never backward): time steps to each deadline due by
    /// then, earliest first, and what waits for it runs there; including deadlines set by that
    /// work, so a playback plays through to `instant`.
    public func advance(to instant: Instant) async {
        while let due = state.withLock({ state -> SleeperQueue.Sleeper? in
            let target = max(state.now, instant)
            guard let due = state.sleepers.removeFirst(dueBy: target.offset) else {
                state.now = target
                return nil
            }
            state.now = max(state.now, Instant(offset: due.deadline))
            return due
        }) {
            due.waker.wake()
        }
    }

    /// Moves time forward through every deadline until nothing is scheduled: a playback plays
    /// to its end. Never returns while something plays forever.
    public func run() async {
        while let due = state.withLock({ state -> SleeperQueue.Sleeper? in
            guard let due = state.sleepers.removeFirst() else { return nil }
            state.now = max(state.now, Instant(offset: due.deadline))
            return due
        }) {
            due.waker.wake()
        }
    }
}

extension ManualClock: TimerClock {
    /// A player's timer, woken during `advance`, on the advancing task.
    package func makePlaybackTimer(handler: @escaping @Sendable () -> Void) -> any PlaybackTimer {
        Timer(clock: self, id: state.withLock { $0.sleepers.makeTimerID() }, handler: handler)
    }

    /// A player's timer woken during `advance`, on the advancing task.
    private final class Timer: PlaybackTimer {
        let clock: ManualClock
        /// The player's start.
        let epoch: Instant
        let id: UInt64
        let handler: @Sendable () -> Void

        init(clock: ManualClock, id: UInt64, handler: @escaping @Sendable () -> Void) {
            self.clock = clock
            self.epoch = clock.now
            self.id = id
            self.handler = handler
        }

        deinit {
            disarm()
        }

        var now: Duration {
            epoch.duration(to: clock.now)
        }

        func arm(at deadline: Duration) {
            let instant = epoch.advanced(by: deadline)
            clock.state.withLock { _ = $0.sleepers.arm(timer: id, at: instant.offset, handler: handler) }
        }

        func disarm() {
            clock.state.withLock { $0.sleepers.disarm(timer: id) }
        }
    }
}
