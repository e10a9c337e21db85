import HapticsModel
import HapticsPlatform
import Synchronization

extension PrecisionClock: TimerClock {
    package func makePlaybackTimer(handler: @escaping @Sendable () -> Void) -> any PlaybackTimer {
        Timer(handler: handler)
    }

    /// A timer with a thread of its own, which waits for the deadline armed last as a plain C
    /// player waits for its next frame: one system call per deadline (a `Doorbell`'s wait, on
    /// the absolute deadline), and the handler called right there, on that thread, when the
    /// wait times out. The time is not even read: a wait that times out has reached its
    /// deadline.
    ///
    /// - Arming from the handler (a player's next frame) costs no system call; arming from
    ///   another thread rings the futex only when the thread waits for a later deadline or for
    ///   none, and disarming only when it waits for a deadline (which it then waits for no
    ///   more).
    /// - Disarmed, the thread waits without a timeout: an idle timer never wakes.
    /// - The thread ends when the timer goes, after the handler it may be running.
    ///
    /// A player's frames go out from here, rather than through the thread shared with sleeping
    /// tasks: see `PlayerCore` for what a frame costs.
    final class Timer: PlaybackTimer {
        /// The player's start: deadlines are offsets from it.
        let epoch = MonotonicInstant.now
        private let waiter: Waiter

        init(handler: @escaping @Sendable () -> Void) {
            waiter = Waiter(handler: handler)
            waiter.start()
        }

        deinit {
            waiter.end()
        }

        var now: Duration {
            MonotonicInstant.now - epoch
        }

        func arm(at deadline: Duration) {
            waiter.arm(epoch + deadline)
        }

        func disarm() {
            waiter.disarm()
        }
    }

    /// The state the thread shares with the timer; the thread holds this, never the timer, so
    /// that dropping the timer ends the thread.
    private final class Waiter: Sendable {
        private struct State {
            var armed: MonotonicInstant?
            var sleep = Doorbell.Sleep.awake
            var isEnded = false
        }

        /// What the thread does next, decided under the lock and done after it.
        private enum Step {
            case fire
            /// Wait until the deadline (for nothing, without one) unless the doorbell has rung
            /// since the ticket was read.
            case wait(ticket: UInt32, until: MonotonicInstant?)
            case exit
        }

        private let handler: @Sendable () -> Void
        private let state = Mutex(State())
        private let doorbell = Doorbell()

        /// The name of each timer's thread.
        static let threadName = "haptics-timer"

        init(handler: @escaping @Sendable () -> Void) {
            self.handler = handler
        }

        deinit {
            doorbell.deallocate()
        }

        /// Starts the thread, which holds this waiter until it ends.
        func start() {
            startDetachedThread(named: Self.threadName) { self.run() }
        }

        func arm(_ deadline: MonotonicInstant) {
            let ring = state.withLock { state in
                state.armed = deadline
                return doorbell.rings(for: deadline, &state.sleep)
            }
            if ring { doorbell.wake() }
        }

        func disarm() {
            let ring = state.withLock { state in
                state.armed = nil
                guard case .until = state.sleep else { return false }
                state.sleep = .forever
                doorbell.ring()
                return true
            }
            if ring { doorbell.wake() }
        }

        /// Ends the thread, once it is done with the handler it may be running.
        func end() {
            state.withLock { state in
                state.isEnded = true
                doorbell.ring()
            }
            doorbell.wake()
        }

        private func run() {
            var timedOut = false
            while true {
                let step = state.withLock { state -> Step in
                    if state.isEnded { return .exit }
                    // A wait that ran to its deadline, with that deadline still armed: due. (An
                    // earlier one armed meanwhile rang the doorbell, and a past one times out at
                    // once on the next wait.)
                    if timedOut, case .until(let waited) = state.sleep, state.armed == waited {
                        state.armed = nil
                        state.sleep = .awake
                        return .fire
                    }
                    state.sleep = Doorbell.Sleep(until: state.armed)
                    return .wait(ticket: doorbell.ticket, until: state.armed)
                }
                switch step {
                case .exit:
                    return
                case .fire:
                    timedOut = false
                    handler()
                case .wait(let ticket, let deadline):
                    timedOut = doorbell.wait(ticket: ticket, until: deadline)
                }
            }
        }
    }
}
