import HapticsModel
import Synchronization

/// A player's timer on a clock that cannot wake timers by itself: one long-lived task sleeps
/// on the clock until the armed deadline, calls the handler, and parks while disarmed.
///
/// Arming a later deadline, or arming from the handler (as the player does frame after
/// frame), costs no task: the same task sleeps on. Only a deadline earlier than the one the
/// task already sleeps towards replaces the task, since a sleep cannot be shortened.
final class SleepingTimer<C: Clock>: PlaybackTimer where C.Duration == Duration {
    private let clock: C
    /// The player's start on the clock.
    private let epoch: C.Instant
    private let waiter: Waiter

    init(clock: C, handler: @escaping @Sendable () -> Void) {
        self.clock = clock
        epoch = clock.now
        waiter = Waiter(clock: clock, handler: handler)
    }

    deinit {
        waiter.shutDown()
    }

    var now: Duration {
        epoch.duration(to: clock.now)
    }

    func arm(at deadline: Duration) {
        waiter.arm(at: epoch.advanced(by: deadline))
    }

    func disarm() {
        waiter.disarm()
    }

    /// The state the task shares with the timer; the task holds this, never the timer, so
    /// that dropping the timer ends the task.
    private final class Waiter: Sendable {
        private struct State {
            var deadline: C.Instant?
            /// The deadline the task sleeps towards, while it sleeps.
            var sleepingUntil: C.Instant?
            var parked: CheckedContinuation<Void, Never>?
            var task: Task<Void, Never>?
            /// Which task is the current one; a replaced task stops at its next step.
            var generation: UInt64 = 0
            var isShutDown = false
        }

        /// What the task does next.
        private enum Step {
            case sleep(until: C.Instant)
            case park
            case end
        }

        private let clock: C
        private let handler: @Sendable () -> Void
        private let state = Mutex(State())

        init(clock: C, handler: @escaping @Sendable () -> Void) {
            self.clock = clock
            self.handler = handler
        }

        func arm(at deadline: C.Instant) {
            let (parked, replaced): (CheckedContinuation<Void, Never>?, Task<Void, Never>?) = state.withLock { state in
                guard !state.isShutDown else { return (nil, nil) }
                state.deadline = deadline
                if let parked = state.parked {
                    state.parked = nil
                    return (parked, nil)
                }
                guard state.task == nil || state.sleepingUntil.map({ deadline < $0 }) == true else { return (nil, nil) }
                let replaced = state.task
                state.generation += 1
                state.sleepingUntil = nil
                let generation = state.generation
                state.task = Task { [self] in await run(generation: generation) }
                return (nil, replaced)
            }
            // Cancelling runs the clock's cancellation handler: after the lock. The replaced
            // task stops at its next step anyway (its generation is no longer current).
            replaced?.cancel()
            parked?.resume()
        }

        func disarm() {
            state.withLock { $0.deadline = nil }
        }

        func shutDown() {
            let (task, parked) = state.withLock { state in
                state.isShutDown = true
                state.deadline = nil
                defer { state.parked = nil }
                return (state.task, state.parked)
            }
            task?.cancel()
            parked?.resume()
        }

        private func run(generation: UInt64) async {
            while true {
                switch next(generation) {
                case .end:
                    return
                case .park:
                    await park(generation)
                case .sleep(let deadline):
                    do {
                        try await clock.sleep(until: deadline, tolerance: .zero)
                    } catch {
                        return
                    }
                    if isDue(generation) { handler() }
                }
            }
        }

        private func next(_ generation: UInt64) -> Step {
            state.withLock { state in
                guard state.generation == generation, !state.isShutDown else { return .end }
                state.sleepingUntil = state.deadline
                return state.deadline.map { .sleep(until: $0) } ?? .park
            }
        }

        private func park(_ generation: UInt64) async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    guard state.generation == generation, !state.isShutDown, state.deadline == nil else { return true }
                    state.parked = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }

        /// Whether the armed deadline has come; it is then consumed.
        private func isDue(_ generation: UInt64) -> Bool {
            let now = clock.now
            return state.withLock { state in
                guard state.generation == generation else { return false }
                state.sleepingUntil = nil
                guard let armed = state.deadline, armed <= now else { return false }
                state.deadline = nil
                return true
            }
        }
    }
}
