import Dispatch
import Glibc
import HapticsModel
import Synchronization

/// What a `HapticPlayer` plays with: the storage around `PlaybackStateMachine`, which decides
/// everything, the driver, and the timer for the next deadline.
///
/// - Each call steps the machine under the lock and nothing else; the driver is called after
///   unlocking, on one serial path: never two driver calls at once, always in the order
///   decided (so in deadline order, and a stop after every frame decided before it). Whoever
///   finds the path free performs the queued actions; a call that comes while another thread
///   performs them (or from inside a driver call) only queues its own and returns. So a driver
///   may call back into the player from any of its methods.
/// - The next deadline is kept by one timer: the clock's own (on `PrecisionClock` a thread of
///   the player's own, `ManualClock`'s `advance`), or one long-lived task sleeping on any
///   other clock. No task per playback or per change.
/// - Starting a playback performs its first frame before `play` returns (unless another thread
///   holds the path), so an impact costs one driver call after `prepare()`.
///
/// The timer's handler holds the core strongly, so that a frame reaches it without the weak
/// reference's cost (a side-table retain and release, about 130 instructions a frame); the
/// `HapticPlayer` that owns the core ends the timer when it goes (`endTimer()`), which lets the
/// core go.
final class PlayerCore: Sendable {
    private struct State {
        var machine: PlaybackStateMachine
        var completions: [UInt64: PlaybackCompletion] = [:]
        var timer: PlayerClock.Alarm?
        /// The deadline the timer is armed for.
        var armed: Duration?
        /// The thread performing actions, while one does.
        var performer: pthread_t?
        var nextTicket: UInt64 = 0
        /// Callers waiting for a driver call queued behind another thread's, by ticket.
        var replies: [UInt64: DriverReply] = [:]
    }

    private let clock: PlayerClock
    private let driver: any HapticDriver
    private let state: Mutex<State>

    /// A core sending frames to `driver` on `clock`; see `HapticPlayer.init` for the rest.
    init(driver: any HapticDriver, clock: PlayerClock, refreshInterval: Duration, maximumVoices: Int) {
        self.clock = clock
        self.driver = driver
        self.state = Mutex(State(machine: PlaybackStateMachine(refreshInterval: refreshInterval, maximumVoices: maximumVoices)))
        let alarm = clock.alarm { [self] in deadlineReached() }
        state.withLock { $0.timer = alarm }
    }

    /// Drops the timer, whose handler holds the core: no deadline is kept any more. A handler
    /// running meanwhile finishes its frame and arms nothing.
    func endTimer() {
        // Taken out under the lock and let go after it, where its thread or task ends.
        _ = state.withLock { $0.timer.take() }
    }

    /// The master gain, 0...1, applied to everything played.
    var gain: Double {
        state.withLock { $0.machine.gain }
    }

    /// Sets the master gain (clamped to 0...1); what is playing follows at once.
    func setGain(_ gain: Double) {
        step { machine, now in machine.setGain(gain, at: now) }
    }

    /// Gets the driver ready, in turn with the frames queued before; throws what the driver
    /// threw.
    func prepare() throws {
        try driverCall { machine, ticket, _ in machine.prepareDriver(ticket: ticket) }
    }

    /// Starts playing `track` now, on top of whatever plays, and returns its id; `completion`
    /// hears how it ended. A failing driver ends the playback with `.failed`.
    func play(_ track: RumbleTrack, repetition: Repetition, completion: PlaybackCompletion) -> UInt64 {
        step { machine, now in machine.play(track, repetition: repetition, at: now) } register: { state, id in
            state.completions[id] = completion
        }
    }

    /// Stops everything and turns the motors off at once.
    func stop() {
        step { machine, now in machine.stopAll(at: now) }
    }

    /// Stops everything, turns the motors off and releases the driver. Called from outside a
    /// driver call, it returns once the driver is released.
    func close() {
        try? driverCall { machine, ticket, now in machine.close(ticket: ticket, at: now) }
    }

    /// Adds an idle advanced voice for `pattern`, rendered with `settings`, and returns its id.
    func addAdvanced(_ pattern: HapticPattern, settings: RenderSettings) -> UInt64 {
        let sampler = PatternSampler(pattern: pattern, settings: settings)
        return state.withLock { $0.machine.addAdvanced(sampler) }
    }

    /// Stops the playback `id`, leaving the others.
    func stop(_ id: UInt64) {
        step { machine, now in machine.stop(id, at: now) }
    }

    private func deadlineReached() {
        step(timerFired: true) { machine, now in machine.deadlineReached(at: now) }
    }

    /// Steps the machine with the time now, under the lock, then performs the actions unless
    /// another thread is doing so; the timer is re-armed for the new deadline (after the
    /// actions, by the thread that performs them).
    @discardableResult
    private func step<Result>(
        timerFired: Bool = false,
        _ event: (inout PlaybackStateMachine, Duration) -> Result,
        register: (inout State, Result) -> Void = { _, _ in }
    ) -> Result {
        let (result, performs) = state.withLock { state in
            if timerFired { state.armed = nil }
            let result = event(&state.machine, clock.now)
            register(&state, result)
            return (result, claimPath(&state))
        }
        if performs { performActions() }
        return result
    }

    /// Queues a driver call and waits for its result, unless the caller is the thread
    /// performing actions (a driver calling back), which only queues it.
    private func driverCall(_ event: (inout PlaybackStateMachine, UInt64, Duration) -> Void) throws {
        let reply = DriverReply()
        let performs: Bool? = state.withLock { state in
            state.nextTicket += 1
            let ticket = state.nextTicket
            event(&state.machine, ticket, clock.now)
            // A driver calling back only queues; anyone else waits for the reply. Either way the
            // timer follows the machine's new deadline (a close leaves none).
            let callsBack = state.performer.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            if !callsBack { state.replies[ticket] = reply }
            let performs = claimPath(&state)
            return callsBack ? nil : performs
        }
        guard let performs else { return }
        if performs { performActions() }
        try reply.wait()
    }

    /// Claims the serial path when actions wait and nobody performs them; otherwise re-arms
    /// the timer for the machine's deadline at once. A caller that claims the path decides the
    /// next frame ahead and re-arms once it has performed them (`nextWork`, still under the
    /// lock), so that a frame due now reaches the driver before the next one's bookkeeping.
    private func claimPath(_ state: inout State) -> Bool {
        guard state.performer == nil, state.machine.hasActions else {
            rearm(&state)
            return false
        }
        state.performer = pthread_self()
        return true
    }

    /// Arms the timer for the machine's deadline, or disarms it, unless it is so already.
    private func rearm(_ state: inout State) {
        let deadline = state.machine.deadline
        // Compared in attoseconds: `Duration`'s `==` is a call, and every frame asks.
        guard deadline?.attoseconds != state.armed?.attoseconds else { return }
        state.armed = deadline
        if let deadline { state.timer?.arm(deadline) } else { state.timer?.disarm() }
    }

    /// Performs the queued actions one by one, outside the lock, until none is left.
    private func performActions() {
        while let work = state.withLock({ state in nextWork(&state) }) {
            switch work {
            case .apply(let frame):
                do {
                    try driver.apply(frame)
                } catch {
                    step { machine, _ in machine.driverFailed(error) }
                }
            case .stopMotors:
                try? driver.stop()
            case .finish(let completions, let outcome):
                for completion in completions { completion.finish(outcome) }
            case .prepareDriver(let reply):
                reply?.finish(Result { try driver.prepare() })
            case .closeDriver(let reply):
                driver.close()
                reply?.finish(.success(()))
            }
        }
    }

    /// The next action with what performing it takes from the state (the completions to
    /// finish, the caller to answer); `nil`, freeing the path, when none is left.
    private func nextWork(_ state: inout State) -> Work? {
        guard let action = state.machine.takeAction() else {
            state.performer = nil
            state.machine.decideAhead()
            rearm(&state)
            return nil
        }
        switch action {
        case .apply(let frame):
            return .apply(frame)
        case .stopMotors:
            return .stopMotors
        case .finish(let ids, let outcome):
            return .finish(ids.compactMap { state.completions.removeValue(forKey: $0) }, outcome)
        case .prepareDriver(let ticket):
            return .prepareDriver(state.replies.removeValue(forKey: ticket))
        case .closeDriver(let ticket):
            return .closeDriver(state.replies.removeValue(forKey: ticket))
        }
    }

    /// An action as performed outside the lock: one value, so that taking it out costs no
    /// tuple of optionals (a frame, the most common, carries nothing else).
    private enum Work {
        case apply(RumbleFrame)
        case stopMotors
        case finish([PlaybackCompletion], PlaybackOutcome)
        case prepareDriver(DriverReply?)
        case closeDriver(DriverReply?)
    }
}

/// The result of a driver call that a caller waits for while another thread performs it.
private final class DriverReply: Sendable {
    private let result = Mutex<Result<Void, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func finish(_ outcome: Result<Void, any Error>) {
        result.withLock { $0 = outcome }
        done.signal()
    }

    func wait() throws {
        done.wait()
        try result.withLock { $0 }?.get()
    }
}

extension PlayerCore: AdvancedVoiceHost {
    func schedule(_ command: AdvancedVoice.Command, on id: UInt64, after delay: Duration) {
        step { machine, now in machine.schedule(command, on: id, at: now + delay, now: now) }
    }

    func start(_ id: UInt64, after delay: Duration, completion: PlaybackCompletion) {
        step { machine, now in
            let run = machine.makeRunID()
            machine.schedule(.start(run: run), on: id, at: now + delay, now: now)
            return run
        } register: { state, run in
            state.completions[run] = completion
        }
    }

    func update(_ id: UInt64, _ change: @escaping (inout AdvancedVoice, Duration) -> Void) {
        step { machine, now in machine.update(id, at: now, change) }
    }

    func removeAdvanced(_ id: UInt64) {
        step { machine, now in machine.removeAdvanced(id, at: now) }
    }
}
