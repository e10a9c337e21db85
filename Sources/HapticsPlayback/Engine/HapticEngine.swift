public import HapticsModel
import Synchronization

/// The front door: feedback intents (impacts, notifications, selection, patterns) rendered
/// and played through a driver, in the vocabulary of `UIFeedbackGenerator`.
///
/// ```swift
/// let engine = HapticEngine(driver: StdoutDriver())
/// engine.prepare()
/// engine.impact(.medium)
/// ```
///
/// Overlapping playbacks mix (each motor's sum clamped to 1; at most 32 at once, the oldest
/// giving way), a master gain scales everything, and every frame goes out at its absolute
/// deadline on the engine's clock, so loops never drift. Every method may be called from any
/// thread or task, including from inside the driver's own methods; the synchronous ones never
/// wait, and the two that wait for the driver, `start()` and `close()`, are `async`.
///
/// Getting ready: `prepare()` and `start()` both open the device and upload what the next
/// frame needs, so that the first impact costs one driver call. `prepare()` never fails, as
/// `UIFeedbackGenerator.prepare()`: a missing or forbidden device shows in the next
/// playback's outcome. `start()` is the same step that throws, as
/// `CHHapticEngine.start()`, for callers that want to tell the person at once. Playing
/// without either works too: the driver gets ready on the first frame. Presets cost nothing
/// until they play: each is decoded and rendered the first time (tens of microseconds), then
/// kept, so a program pays start-up only for what it uses.
public final class HapticEngine: HapticFeedback {
    /// The player: the playback state machine, the driver and the timer.
    let core: PlayerCore
    private let renderer: Renderer
    /// The presets played so far, rendered at full intensity.
    private let presetTracks = Mutex<[Preset: RumbleTrack]>([:])

    /// How often a held level is re-sent by default: every 2 s, as SDL does (some pads stop on
    /// their own after 5 s).
    static let defaultRefreshInterval = Duration.seconds(2)
    /// How many playbacks mix by default before the oldest gives way.
    static let defaultMaximumVoices = 32

    /// Creates an engine playing through `driver` on `clock`, rendering with `settings`.
    /// Tests pass `HapticsTesting`'s `ManualClock`; real devices play best on
    /// `PrecisionClock`, which `init(driver:settings:)` picks.
    public convenience init<C: Clock>(driver: any HapticDriver, clock: C, settings: RenderSettings = RenderSettings())
    where C.Duration == Duration {
        self.init(driver: driver, makeTimer: { clock.makePlaybackTimer(handler: $0) }, settings: settings)
    }

    /// Creates an engine on `PrecisionClock`, the best timing for real devices: one timer
    /// thread waiting on absolute monotonic deadlines sends each frame the moment it is due,
    /// and never wakes while idle (see BENCHMARKS.md).
    public convenience init(driver: any HapticDriver, settings: RenderSettings = RenderSettings()) {
        self.init(driver: driver, clock: PrecisionClock(), settings: settings)
    }

    /// Creates an engine with no clock at all: time is the playback's own and moves only in
    /// `playToEnd()`, which steps through every deadline at once. What a program uses to
    /// print a whole playback instantly.
    package convenience init(instantDriver driver: any HapticDriver, settings: RenderSettings = RenderSettings()) {
        self.init(driver: driver, makeTimer: nil, settings: settings)
    }

    /// Creates an engine with the player's limits given: a held level is re-sent every
    /// `refreshInterval`, and beyond `maximumVoices` overlapping playbacks the oldest is stopped.
    convenience init<C: Clock>(
        driver: any HapticDriver,
        clock: C,
        refreshInterval: Duration = defaultRefreshInterval,
        maximumVoices: Int = defaultMaximumVoices
    )
    where C.Duration == Duration {
        self.init(
            driver: driver,
            makeTimer: { clock.makePlaybackTimer(handler: $0) },
            settings: RenderSettings(),
            refreshInterval: refreshInterval,
            maximumVoices: maximumVoices
        )
    }

    private init(
        driver: any HapticDriver,
        makeTimer: ((_ handler: @escaping @Sendable () -> Void) -> any PlaybackTimer)?,
        settings: RenderSettings,
        refreshInterval: Duration = defaultRefreshInterval,
        maximumVoices: Int = defaultMaximumVoices
    ) {
        renderer = Renderer(settings: settings)
        core = PlayerCore(driver: driver, makeTimer: makeTimer, refreshInterval: refreshInterval, maximumVoices: maximumVoices)
    }

    deinit {
        core.endTimer()
    }

    /// The settings patterns are rendered with.
    public var settings: RenderSettings { renderer.settings }

    /// The track a preset plays, its intensities scaled by `intensity` (0...1). At full
    /// intensity, each preset is rendered the first time it plays, then kept.
    public func track(for preset: Preset, intensity: Double = 1) -> RumbleTrack {
        guard intensity >= 1 else { return renderer.render(preset.pattern.scaled(by: intensity)) }
        if let track = presetTracks.withLock({ $0[preset] }) { return track }
        let track = renderer.render(preset.pattern)
        presetTracks.withLock { $0[preset] = track }
        return track
    }

    /// The track a pattern plays.
    public func track(for pattern: HapticPattern) -> RumbleTrack {
        renderer.render(pattern)
    }

    /// Makes the call `intent` names (see `HapticFeedback`): an impact or a notification
    /// plays its preset, a pattern is rendered and played; `.prepare` gets the driver ready
    /// and starts no playback.
    @discardableResult
    public func perform(_ intent: FeedbackIntent) -> PlaybackHandle? {
        switch intent {
        case .prepare:
            core.prepare()
            return nil
        case .impact(let style, let intensity):
            return play(.impact(style), intensity: intensity)
        case .notification(let type):
            return play(.notification(type))
        case .selection:
            return play(.selection)
        case .pattern(let pattern, let repetition):
            return play(renderer.render(pattern), repetition: repetition)
        }
    }

    /// Plays a preset, its intensities scaled by `intensity` (0...1), repeated as asked.
    @discardableResult
    public func play(_ preset: Preset, intensity: Double = 1, repetition: Repetition = .once) -> PlaybackHandle {
        play(track(for: preset, intensity: intensity), repetition: repetition)
    }

    /// Plays an already rendered track, repeated as asked.
    @discardableResult
    public func play(_ track: RumbleTrack, repetition: Repetition = .once) -> PlaybackHandle {
        let completion = PlaybackCompletion()
        let id = core.play(track, repetition: repetition, completion: completion)
        // The handle holds the core strongly: a weak reference would give the core a side
        // table, which makes every retain and release of it slower, frame after frame. The
        // core holds no thread once its engine has gone, so a handle kept longer keeps only it.
        return PlaybackHandle(completion: completion) { [core] in core.stop(id) }
    }

    /// Makes an advanced player for `pattern` (seek, pause, loops, rate, live parameters; see
    /// `AdvancedPatternPlayer`), idle until started, mixing with everything else played here.
    public func makeAdvancedPlayer(for pattern: HapticPattern) -> AdvancedPatternPlayer {
        AdvancedPatternPlayer(engine: self, id: core.addAdvanced(pattern, settings: renderer.settings))
    }

    /// An advanced player for `pattern`, as `HapticFeedback` asks for one.
    public func makeAdvancedPlayback(for pattern: HapticPattern) -> any AdvancedPlayback {
        makeAdvancedPlayer(for: pattern)
    }

    /// The master gain, 0...1, applied to everything played.
    public var gain: Double { core.gain }

    /// Sets the master gain (clamped to 0...1); what is playing follows at once.
    public func setGain(_ gain: Double) {
        core.setGain(gain)
    }

    /// Called with the reason each time the engine stops, as `CHHapticEngine.stoppedHandler`:
    /// the pad went away (`deviceWentAway`, once until it is back), the program stopped it
    /// (`stop()`, `close()`), or the driver failed otherwise (`systemError`). The playbacks it
    /// stopped have heard their outcomes first: `.stopped`, or `.failed` with the driver's
    /// error.
    ///
    /// Handlers are called outside the engine's lock, one at a time and in order with the
    /// playbacks' outcomes, on the thread that performs the engine's driver calls: the
    /// clock's timer thread for a frame that failed, the caller's for `stop()` (or any call
    /// that found the driver free). A handler may call the engine back, e.g. play again.
    public var stoppedHandler: (@Sendable (EngineStopReason) -> Void)? {
        get { core.stoppedHandler }
        set { core.stoppedHandler = newValue }
    }

    /// Called when the engine can play again after the pad went away, as
    /// `CHHapticEngine.resetHandler`: the first driver call that succeeds since (a frame,
    /// `prepare()` or `start()`) calls it, before anything else is
    /// performed. The engine does not watch for the pad by itself: call `prepare()` when it
    /// may be back (a hot-plug event). Called as `stoppedHandler` is.
    public var resetHandler: (@Sendable () -> Void)? {
        get { core.resetHandler }
        set { core.resetHandler = newValue }
    }

    /// Gets the driver ready and throws why it cannot be, e.g. a missing or forbidden device.
    public func start() async throws {
        try await core.start()
    }

    /// Stops everything at once: every playback ends `.stopped` and the motors go off.
    public func stop() {
        core.stop()
    }

    /// Stops everything, turns the motors off and releases the driver (erasing what it
    /// uploaded); returns once that is done. A later playback opens the driver again.
    public func close() async {
        await core.close()
    }

    /// On an engine made with `init(instantDriver:)`: plays everything started so far to its
    /// end, stepping through every deadline at once. Never returns while something plays
    /// forever.
    package func playToEnd() {
        core.playToEnd()
    }

    /// On an engine made with `init(instantDriver:)`: plays on until `offset` from its start,
    /// every frame due by then at the time it was due; what starts next starts there.
    package func play(until offset: Duration) {
        core.play(until: offset)
    }
}
