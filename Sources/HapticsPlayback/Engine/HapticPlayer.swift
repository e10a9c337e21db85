import HapticsModel

/// Plays rumble tracks through a driver, on an injected clock: what the engine and its
/// advanced players hold. The playing is its `PlayerCore`'s (the machine, the driver, the
/// timer); the player owns the core's timer, whose handler holds the core, and ends it when
/// the last of its holders lets go, so the core and the driver go too.
final class HapticPlayer: Sendable {
    private let core: PlayerCore

    /// Creates a player sending frames to `driver` on `clock`. A held level is re-sent every
    /// `refreshInterval` (default 2 s, as SDL does), since some pads stop on their own. When
    /// more than `maximumVoices` playbacks overlap, the oldest is stopped (`.stopped`).
    ///
    /// Specialised for the package's own clocks, so that the clock's reading and timer are
    /// made without generic metadata (the player reads and arms them on every frame).
    @_specialize(where C == PrecisionClock)
    @_specialize(where C == ManualClock)
    init<C: Clock>(driver: any HapticDriver, clock: C, refreshInterval: Duration = .seconds(2), maximumVoices: Int = 32)
    where C.Duration == Duration {
        core = PlayerCore(driver: driver, clock: PlayerClock(clock), refreshInterval: refreshInterval, maximumVoices: maximumVoices)
    }

    deinit {
        core.endTimer()
    }

    /// The master gain, 0...1, applied to everything played.
    var gain: Double { core.gain }

    /// Sets the master gain (clamped to 0...1); what is playing follows at once.
    func setGain(_ gain: Double) {
        core.setGain(gain)
    }

    /// Gets the driver ready, in turn with the frames queued before; throws what the driver
    /// threw.
    func prepare() throws {
        try core.prepare()
    }

    /// Starts playing `track` now, on top of whatever plays, and returns a handle to wait for
    /// or stop it. A failing driver ends the playback with `.failed`.
    func play(_ track: RumbleTrack, repetition: Repetition = .once) -> PlaybackHandle {
        let completion = PlaybackCompletion()
        let id = core.play(track, repetition: repetition, completion: completion)
        return PlaybackHandle(completion: completion) { [weak self] in self?.core.stop(id) }
    }

    /// Stops everything and turns the motors off at once.
    func stop() {
        core.stop()
    }

    /// Stops everything, turns the motors off and releases the driver. Called from outside a
    /// driver call, it returns once the driver is released.
    func close() {
        core.close()
    }

    /// Adds an idle advanced voice for `pattern`, rendered with `settings`, and returns its id.
    func addAdvanced(_ pattern: HapticPattern, settings: RenderSettings) -> UInt64 {
        core.addAdvanced(pattern, settings: settings)
    }
}

extension HapticPlayer: AdvancedVoiceHost {
    func schedule(_ command: AdvancedVoice.Command, on id: UInt64, after delay: Duration) {
        core.schedule(command, on: id, after: delay)
    }

    func start(_ id: UInt64, after delay: Duration, completion: PlaybackCompletion) {
        core.start(id, after: delay, completion: completion)
    }

    func update(_ id: UInt64, _ change: @escaping (inout AdvancedVoice, Duration) -> Void) {
        core.update(id, change)
    }

    func removeAdvanced(_ id: UInt64) {
        core.removeAdvanced(id)
    }
}
