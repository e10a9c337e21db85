import Synchronization

/// Plays rumble tracks through a driver, on an injected clock.
///
/// - Frames go out at absolute deadlines computed from the player's start (never by summing
///   sleeps), so a loop does not drift however long it runs; every frame goes out, in order,
///   even when the process wakes late.
/// - Overlapping plays mix: an impact during a pattern adds on top, each motor clamped to 1.
///   At most `maximumVoices` (default 32) play at once; a new one stops the oldest beyond.
/// - A master gain scales everything; `stop()` turns the motors off at once.
/// - Starting a playback sends its first frame before `play` returns, so an impact costs one
///   driver call after `prepare()`.
///
/// The player is `Sendable`: every call may come from any thread or task.
public final class HapticPlayer<C: Clock>: Sendable where C.Duration == Duration {
    private struct State {
        var mixer: Mixer
        var gain = 1.0
        var nextID: UInt64 = 0
        var completions: [UInt64: PlaybackCompletion] = [:]
        /// The last frame sent, when the motors may be running.
        var sent: RumbleFrame?
        /// When the next frame is due, as an offset from `epoch`.
        var deadline: Duration?
        /// The frame due at `deadline`, worked out as soon as the previous one went out, so a
        /// wake-up only has to send it. Any change to what plays discards it.
        var upcoming: RumbleFrame?
        var generation: UInt64 = 0
        var loop: Task<Void, Never>?
    }

    private let clock: C
    /// Where the playback loop runs: the clock's own executor when it has one.
    private let executor: (any TaskExecutor)?
    private let driver: any HapticDriver
    private let epoch: C.Instant
    private let state: Mutex<State>

    /// Creates a player sending frames to `driver` on `clock`. A held level is re-sent every
    /// `refreshInterval` (default 2 s, as SDL does), since some pads stop on their own. When
    /// more than `maximumVoices` playbacks overlap, the oldest is stopped (`.stopped`).
    public init(driver: any HapticDriver, clock: C, refreshInterval: Duration = .seconds(2), maximumVoices: Int = 32) {
        self.clock = clock
        self.executor = (clock as? any WakingClock)?.executor
        self.driver = driver
        self.epoch = clock.now
        let mixer = Mixer(refreshInterval: max(refreshInterval, .milliseconds(10)), maximumVoices: maximumVoices)
        self.state = Mutex(State(mixer: mixer))
    }

    deinit {
        state.withLock { $0.loop?.cancel() }
    }

    /// The master gain, 0...1, applied to everything played.
    public var gain: Double {
        state.withLock { $0.gain }
    }

    /// Sets the master gain (clamped to 0...1); what is playing follows at once.
    public func setGain(_ gain: Double) {
        let finished = state.withLock { state in
            var finished = catchUp(&state)
            state.gain = min(max(gain.isNaN ? 0 : gain, 0), 1)
            if state.sent != nil || !state.mixer.voices.isEmpty { finished += replan(&state) }
            return finished
        }
        complete(finished)
    }

    /// Gets the driver ready, so the next playback starts with the least latency.
    public func prepare() throws {
        try driver.prepare()
    }

    /// Starts playing `track` now, on top of whatever plays, and returns a handle to wait for
    /// or stop it. The first frame is sent before this returns; a failing driver ends the
    /// playback with `.failed`.
    @discardableResult
    public func play(_ track: RumbleTrack, repetition: Repetition = .once) -> PlaybackHandle {
        let completion = PlaybackCompletion()
        let (id, finished): (UInt64, [Finished]) = state.withLock { state in
            var finished = catchUp(&state)
            state.nextID += 1
            let id = state.nextID
            let now = offset(of: clock.now)
            guard let displaced = state.mixer.add(track, id: id, start: now, repetition: repetition) else {
                return (id, finished + [(completion, .completed)])
            }
            finished += end(displaced, as: .stopped, in: &state)
            state.completions[id] = completion
            return (id, finished + replan(&state, at: now))
        }
        complete(finished)
        return PlaybackHandle(completion: completion) { [weak self] in self?.stop(id) }
    }

    /// Stops everything and turns the motors off at once.
    public func stop() {
        let finished = state.withLock { state in
            var finished = catchUp(&state)
            finished += end(state.mixer.removeAll(), as: .stopped, in: &state)
            state.loop?.cancel()
            state.loop = nil
            state.deadline = nil
            state.upcoming = nil
            state.sent = nil
            do {
                try driver.stop()
            } catch {
                return finished.map { ($0.0, PlaybackOutcome.failed(error)) }
            }
            return finished
        }
        complete(finished)
    }

    /// Stops everything, turns the motors off and releases the driver.
    public func close() {
        stop()
        driver.close()
    }

    private func stop(_ id: UInt64) {
        let finished = state.withLock { state in
            var finished = catchUp(&state)
            guard state.mixer.removeVoice(id) else { return finished }
            return finished + end([id], as: .stopped, in: &state) + replan(&state)
        }
        complete(finished)
    }

    private typealias Finished = (PlaybackCompletion, PlaybackOutcome)

    private func offset(of instant: C.Instant) -> Duration {
        epoch.duration(to: instant)
    }

    /// Sends every frame whose deadline has passed, in order.
    private func catchUp(_ state: inout State) -> [Finished] {
        let now = offset(of: clock.now)
        var finished: [Finished] = []
        while let deadline = state.deadline, deadline <= now {
            finished += send(&state, at: deadline)
        }
        return finished
    }

    /// Ends the voices that are over, sends the frame due at `time`, and sets the next
    /// deadline. A driver failure ends every playback with `.failed`.
    private func send(_ state: inout State, at time: Duration) -> [Finished] {
        var finished = end(state.mixer.removeVoices(endedBy: time), as: .completed, in: &state)
        let frame = state.upcoming.flatMap { $0.start == time ? $0 : nil } ?? state.mixer.frame(at: time, gain: state.gain)
        state.upcoming = nil
        if frame.isSilent, frame.duration == .zero, state.sent == nil {
            state.deadline = nil
            return finished
        }
        do {
            try driver.apply(frame)
        } catch {
            finished += end(state.mixer.removeAll(), as: .failed(error), in: &state)
            state.sent = nil
            state.deadline = nil
            try? driver.stop()
            return finished
        }
        let idle = frame.isSilent && frame.duration == .zero
        state.sent = idle ? nil : frame
        state.deadline = idle ? nil : frame.end
        state.upcoming = state.deadline.map { state.mixer.frame(at: $0, gain: state.gain) }
        return finished
    }

    /// Takes the completions of the playbacks `ids`, to be finished with `outcome`.
    private func end(_ ids: [UInt64], as outcome: PlaybackOutcome, in state: inout State) -> [Finished] {
        ids.compactMap { id in state.completions.removeValue(forKey: id).map { ($0, outcome) } }
    }

    /// After a change to what plays: sends the frame due at `time` (now, by default), worked
    /// out afresh, and waits for the next deadline from there.
    private func replan(_ state: inout State, at time: Duration? = nil) -> [Finished] {
        state.upcoming = nil
        let finished = send(&state, at: time ?? offset(of: clock.now))
        restartLoop(&state)
        return finished
    }

    /// Replaces the task that waits for the next deadline.
    private func restartLoop(_ state: inout State) {
        state.loop?.cancel()
        state.loop = nil
        guard state.deadline != nil else { return }
        state.generation += 1
        let generation = state.generation
        state.loop = Task(executorPreference: executor) { [weak self, clock, epoch] in
            while let deadline = self?.deadline(for: generation) {
                do {
                    try await clock.sleep(until: epoch.advanced(by: deadline), tolerance: .zero)
                } catch {
                    return
                }
                self?.wake(generation)
            }
        }
    }

    private func deadline(for generation: UInt64) -> Duration? {
        state.withLock { $0.generation == generation ? $0.deadline : nil }
    }

    private func wake(_ generation: UInt64) {
        let finished = state.withLock { state in
            state.generation == generation ? catchUp(&state) : []
        }
        complete(finished)
    }

    private func complete(_ finished: [Finished]) {
        for (completion, outcome) in finished { completion.finish(outcome) }
    }
}

extension HapticPlayer where C == ContinuousClock {
    /// Creates a player on the system's monotonic clock.
    public convenience init(driver: any HapticDriver, refreshInterval: Duration = .seconds(2)) {
        self.init(driver: driver, clock: ContinuousClock(), refreshInterval: refreshInterval)
    }
}
