import Dispatch
import Glibc
import Synchronization

/// Plays rumble tracks through a driver, on an injected clock: the storage around
/// `PlaybackStateMachine`, which decides everything.
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
/// The player is not generic over its clock: it reads and arms it through a `PlayerClock`, so
/// the per-frame path runs as concrete code rather than through generic metadata looked up on
/// every call.
final class HapticPlayer: Sendable {
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

    /// Creates a player sending frames to `driver` on `clock`. A held level is re-sent every
    /// `refreshInterval` (default 2 s, as SDL does), since some pads stop on their own. When
    /// more than `maximumVoices` playbacks overlap, the oldest is stopped (`.stopped`).
    ///
    /// Specialised for the package's own clocks, so that reading the time and arming the timer
    /// on them (every frame) go through no generic witness.
    @_specialize(where C == PrecisionClock)
    @_specialize(where C == ManualClock)
    init<C: Clock>(driver: any HapticDriver, clock: C, refreshInterval: Duration = .seconds(2), maximumVoices: Int = 32)
    where C.Duration == Duration {
        self.clock = PlayerClock(clock)
        self.driver = driver
        self.state = Mutex(State(machine: PlaybackStateMachine(refreshInterval: refreshInterval, maximumVoices: maximumVoices)))
        let reference = Reference(self)
        let alarm = self.clock.alarm { reference.player?.deadlineReached() }
        state.withLock { $0.timer = alarm }
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

    /// Starts playing `track` now, on top of whatever plays, and returns a handle to wait for
    /// or stop it. A failing driver ends the playback with `.failed`.
    func play(_ track: RumbleTrack, repetition: Repetition = .once) -> PlaybackHandle {
        let completion = PlaybackCompletion()
        let id = step { machine, now in machine.play(track, repetition: repetition, at: now) } register: { state, id in
            state.completions[id] = completion
        }
        return PlaybackHandle(completion: completion) { [weak self] in self?.stop(id) }
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

    private func stop(_ id: UInt64) {
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

/// The player, as its timer's handler holds it: weakly (the timer belongs to the player), and
/// in a `weak let`, which a handler reads on every frame without the runtime's exclusivity
/// check that a captured `weak var` (what `[weak self]` makes) costs.
private final class Reference: Sendable {
    weak let player: HapticPlayer?

    init(_ player: HapticPlayer) {
        self.player = player
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

extension HapticPlayer: AdvancedVoiceHost {
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
