import CFutex
import Glibc
import Synchronization

extension PrecisionClock: TimerClock {
    func makeTimer(_ handler: @escaping @Sendable () -> Void) -> any DeadlineTimer<Instant> {
        Timer(handler: handler)
    }

    /// A timer with a thread of its own, which waits for the deadline armed last as a plain C
    /// player waits for its next frame: one system call per deadline (`FUTEX_WAIT_BITSET` on an
    /// absolute `CLOCK_MONOTONIC` deadline, as `clock_nanosleep` sleeps), and the handler called
    /// right there, on that thread, when the wait times out. The time is not even read: a wait
    /// that times out has reached its deadline.
    ///
    /// - Arming from the handler (a player's next frame) costs no system call; arming from
    ///   another thread rings the futex only when the thread waits for a later deadline or for
    ///   none, and disarming only when it waits for a deadline (which it then waits for no
    ///   more).
    /// - Disarmed, the thread waits without a timeout: an idle timer never wakes.
    /// - The thread ends when the timer goes, after the handler it may be running.
    ///
    /// A player's frames go out from here. Measured (BENCHMARKS.md), a frame costs hundreds of
    /// instructions fewer than through a queue shared with other deadlines, and every one of
    /// them counts in the VM benchmark.
    final class Timer: DeadlineTimer {
        private let waiter: Waiter

        init(handler: @escaping @Sendable () -> Void) {
            waiter = Waiter(handler: handler)
            waiter.start()
        }

        deinit {
            waiter.end()
        }

        func arm(at deadline: Instant) {
            waiter.arm(deadline.sinceOrigin.attoseconds)
        }

        /// Arms the timer for `deadline`, attoseconds on the monotonic clock.
        func arm(atAttoseconds deadline: Int128) {
            waiter.arm(deadline)
        }

        func disarm() {
            waiter.disarm()
        }
    }

    /// The state the thread shares with the timer; the thread holds this, never the timer, so
    /// that dropping the timer ends the thread.
    private final class Waiter: @unchecked Sendable {
        /// How the thread is waiting, as the ones who arm deadlines need to know.
        private enum Sleep {
            /// Not waiting: it looks at the armed deadline before it waits again.
            case awake
            /// Waiting for this deadline (attoseconds on the monotonic clock).
            case until(Int128)
            /// Waiting with nothing armed.
            case forever
        }

        private struct State {
            var armed: Int128?
            var sleep = Sleep.awake
            var isEnded = false
        }

        /// What the thread does next, decided under the lock and done after it.
        private enum Step {
            case fire
            /// Wait until the deadline (for nothing, without one) unless the futex word has
            /// moved on from the ticket.
            case wait(ticket: UInt32, until: Int128?)
            case exit
        }

        private let handler: @Sendable () -> Void
        private let state = Mutex(State())
        /// The futex word: changed (atomically, under the lock) to wake the waiting thread, which
        /// read it under the lock too, so that a change after its unlock makes its wait return at
        /// once; the one who changed it wakes the thread after unlocking. Behind
        /// a pointer, since the kernel waits on its address; `@unchecked Sendable` for it: only
        /// atomic operations touch it.
        private let doorbell = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)

        init(handler: @escaping @Sendable () -> Void) {
            self.handler = handler
            doorbell.initialize(to: 0)
        }

        deinit {
            doorbell.deallocate()
        }

        /// Starts the thread, which holds this waiter until it ends.
        func start() {
            let context = Unmanaged.passRetained(self).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(&thread, nil, { context in
                guard let context else { return nil }
                Unmanaged<Waiter>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
            precondition(status == 0, "cannot start a haptics timer thread: \(Errno(status))")
            pthread_detach(thread)
        }

        func arm(_ deadline: Int128) {
            let ring = state.withLock { state in
                state.armed = deadline
                switch state.sleep {
                case .awake: return false
                case .until(let waited) where waited <= deadline: return false
                case .until, .forever:
                    state.sleep = .until(deadline)
                    cfutex_increment(doorbell)
                    return true
                }
            }
            if ring { cfutex_wake_one(doorbell) }
        }

        func disarm() {
            let ring = state.withLock { state in
                state.armed = nil
                guard case .until = state.sleep else { return false }
                state.sleep = .forever
                cfutex_increment(doorbell)
                return true
            }
            if ring { cfutex_wake_one(doorbell) }
        }

        /// Ends the thread, once it is done with the handler it may be running.
        func end() {
            state.withLock { state in
                state.isEnded = true
                cfutex_increment(doorbell)
            }
            cfutex_wake_one(doorbell)
        }

        private func run() {
            var timedOut = false
            while true {
                let step = state.withLock { state -> Step in
                    if state.isEnded { return .exit }
                    // A wait that ran to its deadline, that deadline (or an earlier one, armed
                    // since) still armed: due.
                    if timedOut, case .until(let waited) = state.sleep, state.armed == waited {
                        state.armed = nil
                        state.sleep = .awake
                        return .fire
                    }
                    // The word read under the lock: a deadline armed after the unlock changes it,
                    // and the wait then returns at once.
                    state.sleep = state.armed.map { .until($0) } ?? .forever
                    return .wait(ticket: cfutex_load(doorbell), until: state.armed)
                }
                switch step {
                case .exit:
                    return
                case .fire:
                    timedOut = false
                    handler()
                case .wait(let ticket, nil):
                    timedOut = false
                    _ = cfutex_wait_until(doorbell, ticket, nil)
                case .wait(let ticket, let deadline?):
                    // Whole nanoseconds (rounded up, so the wait never ends short of the deadline)
                    // first, in 128 bits, then split: one wide division per wait.
                    let nanoseconds = Int64(truncatingIfNeeded: (deadline + 999_999_999) / 1_000_000_000)
                    var until = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
                    timedOut = cfutex_wait_until(doorbell, ticket, &until) == ETIMEDOUT
                }
            }
        }
    }
}
