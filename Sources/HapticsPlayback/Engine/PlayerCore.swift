import HapticsModel
import Synchronization

/// What a `HapticEngine` plays with: the storage around `PlaybackStateMachine`, which decides
/// everything, the driver, and the timer for the next deadline.
///
/// - Each call steps the machine under the lock and nothing else; the driver is called after
///   unlocking, on one serial path: never two driver calls at once, always in the order
///   decided (so in deadline order, and a stop after every frame decided before it). Whoever
///   finds the path free performs the queued actions; a call that comes while another caller
///   performs them (a driver calling back from one of its methods among them) only queues its
///   own and returns. Synchronous calls never wait for the path; the two that wait for the
///   driver (`start`, `close`) are `async`, and a driver's methods, being synchronous, cannot
///   make them: so the path never waits for itself.
/// - The next deadline is kept by one timer: the clock's own (on `PrecisionClock` a thread of
///   the player's own, `ManualClock`'s `advance`), or one long-lived task sleeping on any
///   other clock. No task per playback or per change.
/// - Starting a playback performs its first frame before `play` returns (unless another thread
///   holds the path), so an impact costs one driver call after `prepare()`.
///
/// What a frame costs. Every frame takes the same path: the timer wakes at the deadline, the
/// machine steps under the lock (the mixer's scan, the next deadline), and the driver is
/// called after unlocking. `make bench` counts that path in instructions (about 2,400 a frame
/// on `PrecisionClock`, beside a plain C loop making the same system calls), since under
/// emulation every instruction is time. So, on this path and only here:
/// - times are compared and summed as 128-bit attoseconds (`Duration.attoseconds`,
///   `MonotonicInstant`, `RumbleFrame.end`, the mixer's scan), which the compiler inlines,
///   where `Duration`'s own operators are calls into the standard library;
/// - the frame due at the next deadline is decided ahead, after the driver call, so that the
///   deadline only hands it over;
/// - `PrecisionClock`'s timer calls the handler without reading the clock (a wait that timed
///   out has reached its deadline);
/// - the timer's handler holds the core strongly, without a weak reference's side-table
///   retain and release; the `HapticEngine` that owns the core ends the timer when it goes
///   (`endTimer()`), which lets the core go.
final class PlayerCore: Sendable {
    private struct State {
        var machine: PlaybackStateMachine
        var completions: [UInt64: PlaybackCompletion] = [:]
        var timer: (any PlaybackTimer)?
        /// The deadline the timer is armed for.
        var armed: Duration?
        /// Whether a caller is performing actions.
        var isPerforming = false
        var nextTicket: UInt64 = 0
        /// Callers waiting for a driver call, by ticket.
        var replies: [UInt64: DriverReply] = [:]
        var stoppedHandler: (@Sendable (EngineStopReason) -> Void)?
        var resetHandler: (@Sendable () -> Void)?
    }

    private let driver: any HapticDriver
    private let state: Mutex<State>

    /// A core sending frames to `driver`. A held level is re-sent every
    /// `refreshInterval`, since some pads stop on their own. When more than `maximumVoices`
    /// playbacks overlap, the oldest is stopped (`.stopped`).
    ///
    /// `makeTimer` makes the timer on the engine's clock, handed the handler to call at each
    /// deadline; without one (`nil`), there is no clock: time moves only in `play(until:)`
    /// and `playToEnd()`.
    init(
        driver: any HapticDriver,
        makeTimer: ((_ handler: @escaping @Sendable () -> Void) -> any PlaybackTimer)?,
        refreshInterval: Duration,
        maximumVoices: Int
    ) {
        self.driver = driver
        self.state = Mutex(State(machine: PlaybackStateMachine(refreshInterval: refreshInterval, maximumVoices: maximumVoices)))
        let timer = makeTimer? { [self] in deadlineReached() }
        state.withLock { $0.timer = timer }
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

    /// Called with the reason whenever the engine stops, on the serial path, after the
    /// outcomes of the playbacks it stopped.
    var stoppedHandler: (@Sendable (EngineStopReason) -> Void)? {
        get { state.withLock { $0.stoppedHandler } }
        set { state.withLock { $0.stoppedHandler = newValue } }
    }

    /// Called on the serial path when a driver call succeeds after the device went away,
    /// before anything else is performed.
    var resetHandler: (@Sendable () -> Void)? {
        get { state.withLock { $0.resetHandler } }
        set { state.withLock { $0.resetHandler = newValue } }
    }

    /// Asks for the driver to be made ready, in turn with the frames queued before, without
    /// waiting for it.
    func prepare() {
        step { machine, _ in machine.prepareDriver(ticket: nil) }
    }

    /// Gets the driver ready, in turn with the frames queued before, and throws what the
    /// driver threw.
    func start() async throws {
        try await driverCall { machine, ticket, _ in machine.prepareDriver(ticket: ticket) }
    }

    /// Starts playing `track` now, on top of whatever plays, and returns its id; `completion`
    /// hears how it ended. A failing driver ends the playback with `.failed`.
    func play(_ track: RumbleTrack, repetition: Repetition, completion: PlaybackCompletion) -> UInt64 {
        step { machine, now in
            machine.play(track, repetition: repetition, at: now)
        } register: { state, id in
            state.completions[id] = completion
        }
    }

    /// Stops everything and turns the motors off at once.
    func stop() {
        step { machine, now in machine.stopAll(at: now) }
    }

    /// Stops everything, turns the motors off and releases the driver; returns once the
    /// driver is released.
    func close() async {
        try? await driverCall { machine, ticket, now in machine.close(ticket: ticket, at: now) }
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

    /// Without a clock: steps through every deadline until nothing is due any more, each
    /// frame at the time it was due.
    func playToEnd() {
        while let deadline = state.withLock({ $0.machine.deadline }) {
            step(timerFired: true) { machine, _ in machine.deadlineReached(at: deadline) }
        }
    }

    /// Without a clock: the time moves on to `offset`, through every deadline due by then.
    func play(until offset: Duration) {
        step(timerFired: true) { machine, _ in machine.deadlineReached(at: offset) }
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
            let result = event(&state.machine, state.timer?.now ?? state.machine.time)
            register(&state, result)
            return (result, claimPath(&state))
        }
        if performs { performActions() }
        return result
    }

    /// Queues a driver call, performs the queued actions when the path is free, and waits for
    /// the call's result (performed by whoever holds the path).
    private func driverCall(_ event: (inout PlaybackStateMachine, UInt64, Duration) -> Void) async throws {
        let reply = DriverReply()
        let performs = state.withLock { state in
            state.nextTicket += 1
            let ticket = state.nextTicket
            event(&state.machine, ticket, state.timer?.now ?? state.machine.time)
            state.replies[ticket] = reply
            return claimPath(&state)
        }
        if performs { performActions() }
        try await reply.result()
    }

    /// Claims the serial path when actions wait and nobody performs them; otherwise re-arms
    /// the timer for the machine's deadline at once. A caller that claims the path decides the
    /// next frame ahead and re-arms once it has performed them (`nextWork`, still under the
    /// lock), so that a frame due now reaches the driver before the next one's bookkeeping.
    private func claimPath(_ state: inout State) -> Bool {
        guard !state.isPerforming, state.machine.hasActions else {
            rearm(&state)
            return false
        }
        state.isPerforming = true
        return true
    }

    /// Arms the timer for the machine's deadline, or disarms it, unless it is so already.
    private func rearm(_ state: inout State) {
        let deadline = state.machine.deadline
        guard deadline?.attoseconds != state.armed?.attoseconds else { return }
        state.armed = deadline
        if let deadline { state.timer?.arm(at: deadline) } else { state.timer?.disarm() }
    }

    /// Performs the queued actions one by one, outside the lock, until none is left; the
    /// machine hears of each driver call that succeeded when the next action is taken.
    private func performActions() {
        var succeeded = false
        while let work = state.withLock({ state in nextWork(&state, afterSuccess: succeeded) }) {
            succeeded = false
            switch work {
            case .apply(let frame):
                do {
                    try driver.apply(frame)
                    succeeded = true
                } catch {
                    step { machine, _ in machine.driverFailed(error) }
                }
            case .stopMotors:
                try? driver.stop()
            case .finish(let completions, let outcome):
                for completion in completions { completion.finish(outcome) }
            case .prepareDriver(let reply):
                let result = Result { try driver.prepare() }
                if case .success = result { succeeded = true }
                reply?.finish(result)
            case .closeDriver(let reply):
                driver.close()
                reply?.finish(.success(()))
            case .stopped(let handler, let reason):
                handler?(reason)
            case .reset(let handler):
                handler?()
            }
        }
    }

    /// The next action with what performing it takes from the state (the completions to
    /// finish, the caller to answer, the handler to call); `nil`, freeing the path, when none
    /// is left. `afterSuccess` says that the driver call performed last succeeded.
    private func nextWork(_ state: inout State, afterSuccess: Bool) -> Work? {
        if afterSuccess { state.machine.driverSucceeded() }
        guard let action = state.machine.takeAction() else {
            state.isPerforming = false
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
            return .prepareDriver(ticket.flatMap { state.replies.removeValue(forKey: $0) })
        case .closeDriver(let ticket):
            return .closeDriver(state.replies.removeValue(forKey: ticket))
        case .engineStopped(let reason):
            return .stopped(state.stoppedHandler, reason)
        case .engineReset:
            return .reset(state.resetHandler)
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
        case stopped((@Sendable (EngineStopReason) -> Void)?, EngineStopReason)
        case reset((@Sendable () -> Void)?)
    }
}

/// The result of a driver call, which the caller waits for while whoever holds the path
/// performs it: a one-shot that resumes its waiter outside its lock.
private final class DriverReply: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Void, any Error>?)
        case finished(Result<Void, any Error>)
    }

    private let state = Mutex(State.waiting(nil))

    func finish(_ outcome: Result<Void, any Error>) {
        let waiter: CheckedContinuation<Void, any Error>? = state.withLock { state in
            guard case .waiting(let waiter) = state else { return nil }
            state = .finished(outcome)
            return waiter
        }
        waiter?.resume(with: outcome)
    }

    func result() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let finished: Result<Void, any Error>? = state.withLock { state in
                switch state {
                case .finished(let outcome): return outcome
                case .waiting:
                    state = .waiting(continuation)
                    return nil
                }
            }
            if let finished { continuation.resume(with: finished) }
        }
    }
}

// The calls an `AdvancedPatternPlayer` makes on its engine's core.
extension PlayerCore {
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
