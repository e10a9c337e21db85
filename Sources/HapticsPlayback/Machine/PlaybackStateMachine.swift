import HapticsModel

/// The player's decisions, as a pure value: what plays, the mix, the gain, when the next
/// frame is due, and what the driver must be told, in order. No clock, no driver, no lock:
/// events come in with the time they happen (an offset from the player's start), and actions
/// queue up for the player to perform, one at a time, outside its lock.
///
/// - Each event first catches up: every frame due by its time is decided, in deadline order,
///   each with the time it was due (so lateness never accumulates).
/// - A change to what plays (a playback started or stopped, the gain) decides the frame of that
///   instant afresh.
/// - A playback's outcome comes after the frame that ended it.
struct PlaybackStateMachine: Sendable {
    /// Something the player must do, in the order the actions come.
    enum Action: Sendable {
        /// Hand the frame to the driver.
        case apply(RumbleFrame)
        /// Turn the motors off now.
        case stopMotors
        /// Finish these playbacks with this outcome.
        case finish([UInt64], PlaybackOutcome)
        /// Get the driver ready; `ticket` names the caller waiting for it, if one does.
        case prepareDriver(ticket: UInt64?)
        /// Release the driver; `ticket` names the caller waiting for it.
        case closeDriver(ticket: UInt64)
        /// Tell the engine's `stoppedHandler` why it stopped.
        case engineStopped(EngineStopReason)
        /// Tell the engine's `resetHandler` that the device is back and the engine plays again.
        case engineReset
    }

    private var mixer: Mixer
    /// The master gain, 0...1.
    private(set) var gain = 1.0
    /// When the next frame is due; `nil` while nothing plays and the motors are off.
    private(set) var deadline: Duration?
    /// The latest time an event came with; time never moves backward.
    private(set) var time = Duration.zero
    private var nextID: UInt64 = 0
    /// The last frame decided, while the motors may be running.
    private var sent: RumbleFrame?
    /// The frame due at `deadline`, decided ahead (`decideAhead`), so that a deadline only has
    /// to hand it over. Any change to what plays discards it.
    private var upcoming: RumbleFrame?
    private var actions: [Action] = []
    private var nextAction = 0
    /// Whether the driver's last failure meant that the device went away, and no driver call
    /// has succeeded since.
    private(set) var deviceAway = false

    /// A machine with nothing playing. A held level is re-sent every `refreshInterval` (at
    /// least 10 ms); beyond `maximumVoices` overlapping playbacks, the oldest is stopped.
    init(refreshInterval: Duration, maximumVoices: Int) {
        mixer = Mixer(refreshInterval: max(refreshInterval, .milliseconds(10)), maximumVoices: maximumVoices)
    }

    /// The ids of the playbacks still playing, oldest first.
    var playing: [UInt64] { mixer.voices.map(\.id) }

    /// Whether actions wait to be performed.
    var hasActions: Bool { nextAction < actions.count }

    /// Takes the next action to perform.
    mutating func takeAction() -> Action? {
        guard nextAction < actions.count else { return nil }
        guard nextAction + 1 < actions.count else {
            // The last one waiting (on most steps the only one): moved out rather than copied,
            // and the queue is empty again, its storage kept.
            let action = actions.removeLast()
            if nextAction > 0 { actions.removeAll(keepingCapacity: true) }
            nextAction = 0
            return action
        }
        let action = actions[nextAction]
        nextAction += 1
        return action
    }

    /// Starts `track` at `now`, repeated as asked, on top of what plays, and returns its id.
    /// An empty track finishes at once, `.completed`, and sends nothing.
    mutating func play(_ track: RumbleTrack, repetition: Repetition, at now: Duration) -> UInt64 {
        let now = catchUp(to: now)
        nextID += 1
        let id = nextID
        guard let displaced = mixer.add(track, id: id, start: now, repetition: repetition) else {
            actions.append(.finish([id], .completed))
            return id
        }
        decideAfresh(at: now)
        finish(displaced, .stopped)
        return id
    }

    /// Stops the playback `id` at `now`, leaving the others; a playback that already ended is
    /// left alone.
    mutating func stop(_ id: UInt64, at now: Duration) {
        let now = catchUp(to: now)
        guard mixer.removeVoice(id) else { return }
        decideAfresh(at: now)
        finish([id], .stopped)
    }

    /// Stops everything at `now` and turns the motors off, whether or not anything played;
    /// the engine hears that the program stopped it, after the playbacks' outcomes.
    mutating func stopAll(at now: Duration) {
        catchUp(to: now)
        let stopped = mixer.removeAll() + mixer.stopAdvanced()
        goQuiet()
        actions.append(.stopMotors)
        finish(stopped, .stopped)
        actions.append(.engineStopped(.stoppedByApplication))
    }

    /// Adds an advanced player's voice for the pattern `sampler` samples, idle until a start,
    /// and returns its id.
    mutating func addAdvanced(_ sampler: PatternSampler) -> UInt64 {
        nextID += 1
        mixer.addAdvanced(AdvancedVoice(sampler: sampler), id: nextID)
        return nextID
    }

    /// A fresh id for a run of an advanced voice.
    mutating func makeRunID() -> UInt64 {
        nextID += 1
        return nextID
    }

    /// Schedules `command` on the advanced voice `id` for `time` (`now` when earlier); what
    /// plays from `now` is decided afresh.
    mutating func schedule(_ command: AdvancedVoice.Command, on id: UInt64, at time: Duration, now: Duration) {
        let now = catchUp(to: now)
        mixer.updateAdvanced(id) { $0.schedule(command, at: max(time, now)) }
        decideAfresh(at: now, unlessHeld: true)
    }

    /// Changes the advanced voice `id` at `now` (its rate, mute or loop), deciding afresh.
    mutating func update(_ id: UInt64, at now: Duration, _ change: (inout AdvancedVoice, Duration) -> Void) {
        let now = catchUp(to: now)
        mixer.updateAdvanced(id) { change(&$0, now) }
        decideAfresh(at: now, unlessHeld: true)
    }

    /// Removes the advanced voice `id` at `now`: its runs end `.stopped`.
    mutating func removeAdvanced(_ id: UInt64, at now: Duration) {
        let now = catchUp(to: now)
        guard var voice = mixer.removeAdvanced(id) else { return }
        let stopped = voice.stopEverything()
        decideAfresh(at: now, unlessHeld: true)
        finish(stopped, .stopped)
    }

    /// Sets the master gain (clamped to 0...1, NaN as 0) at `now`; what plays follows at once.
    mutating func setGain(_ gain: Double, at now: Duration) {
        let now = catchUp(to: now)
        self.gain = min(max(gain.isNaN ? 0 : gain, 0), 1)
        if sent != nil || !mixer.voices.isEmpty || mixer.hasActiveAdvanced { decideAfresh(at: now) }
    }

    /// Decides the frame due at the deadline ahead of time, where it can be (something sounds,
    /// and no advanced voice plays, whose frames follow its commands), so that the deadline
    /// only has to hand it over. The player calls this once it has performed the actions, off
    /// the path from a deadline to its frame; without it the deadline decides the frame itself,
    /// alike.
    mutating func decideAhead() {
        guard upcoming == nil, let deadline, sent != nil, !mixer.hasActiveAdvanced else { return }
        upcoming = mixer.frame(at: deadline, gain: gain)
    }

    /// The time is `now`: decides every frame due by then. A wake-up before the deadline
    /// decides nothing.
    mutating func deadlineReached(at now: Duration) {
        catchUp(to: now)
    }

    /// The driver failed: the frames and stops not yet performed are dropped (outcomes already
    /// decided still come), the motors are turned off, every playback ends `.failed(error)`,
    /// and then the engine hears why it stopped (`EngineStopReason(driverError:)`). While the
    /// device stays away, later failures that say so again end their playbacks without telling
    /// the engine a second time.
    mutating func driverFailed(_ error: any Error) {
        let pending = actions[nextAction...].filter { action in
            switch action {
            case .apply, .stopMotors: false
            case .finish, .prepareDriver, .closeDriver, .engineStopped, .engineReset: true
            }
        }
        actions = Array(pending)
        nextAction = 0
        let failed = mixer.removeAll() + mixer.stopAdvanced()
        goQuiet()
        actions.append(.stopMotors)
        finish(failed, .failed(error))
        let reason = EngineStopReason(driverError: error)
        let wentAway = if case .deviceWentAway = reason { true } else { false }
        if !(wentAway && deviceAway) { actions.append(.engineStopped(reason)) }
        deviceAway = wentAway
    }

    /// A driver call succeeded: after the device went away, the engine hears that it is back,
    /// before any action already queued.
    mutating func driverSucceeded() {
        guard deviceAway else { return }
        deviceAway = false
        actions.insert(.engineReset, at: nextAction)
    }

    /// Asks for the driver to be made ready, after every action already decided; `ticket`
    /// names the caller waiting for it, if one does.
    mutating func prepareDriver(ticket: UInt64?) {
        actions.append(.prepareDriver(ticket: ticket))
    }

    /// Stops everything at `now`, turns the motors off and asks for the driver to be released.
    mutating func close(ticket: UInt64, at now: Duration) {
        stopAll(at: now)
        actions.append(.closeDriver(ticket: ticket))
    }

    /// Decides every frame due by `now` and returns the time of the event: `now`, or the
    /// latest time seen should `now` lie before it.
    @discardableResult
    private mutating func catchUp(to now: Duration) -> Duration {
        if now.attoseconds > time.attoseconds { time = now }
        while let deadline, deadline.attoseconds <= time.attoseconds {
            decide(at: deadline)
        }
        return time
    }

    /// Decides the frame of `time`: ends the voices that are over (their outcomes after the
    /// frame), queues the frame unless the motors are off already and stay off, and sets the
    /// next deadline.
    private mutating func decide(at time: Duration, unlessHeld: Bool = false) {
        let ended = mixer.removeVoices(endedBy: time)
        let advancedEnded = mixer.advanceAdvanced(to: time)
        let frame = upcoming.flatMap { $0.start.attoseconds == time.attoseconds ? $0 : nil } ?? mixer.frame(at: time, gain: gain)
        upcoming = nil
        let goesIdle = frame.isSilent && frame.duration == .zero
        // After a change to an advanced voice, a frame the motors already hold (same levels
        // and gain, no longer) needs no second call.
        let held =
            unlessHeld
            && sent.map { $0.strong == frame.strong && $0.weak == frame.weak && $0.gain == frame.gain && frame.end <= $0.end } == true
        if (!goesIdle || sent != nil) && !held { actions.append(.apply(frame)) }
        if !held { sent = goesIdle ? nil : frame }
        // While nothing sounds, an advanced voice may still have something scheduled.
        deadline = goesIdle ? mixer.nextForcedBoundary(after: time) : frame.end
        finish(ended, .completed)
        for (run, outcome) in advancedEnded { finish([run], outcome) }
    }

    /// After a change to what plays: the frame of `time`, decided afresh.
    private mutating func decideAfresh(at time: Duration, unlessHeld: Bool = false) {
        upcoming = nil
        decide(at: time, unlessHeld: unlessHeld)
    }

    private mutating func goQuiet() {
        sent = nil
        deadline = nil
        upcoming = nil
    }

    private mutating func finish(_ ids: [UInt64], _ outcome: PlaybackOutcome) {
        if !ids.isEmpty { actions.append(.finish(ids, outcome)) }
    }
}
