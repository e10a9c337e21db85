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
/// thread or task, including from inside the driver's own methods.
///
/// Getting ready: `prepare()` and `start()` both open the device and upload what the next
/// frame needs, so that the first impact costs one driver call. `prepare()` never fails, as
/// `UIFeedbackGenerator.prepare()`: a missing or forbidden device shows in the next
/// playback's outcome. `start()` is the same step that throws, as
/// `CHHapticEngine.start()`, for callers that want to tell the person at once. Playing
/// without either works too: the driver gets ready on the first frame. Presets cost nothing
/// until they play: each is decoded and rendered the first time (tens of microseconds), then
/// kept, so a program pays start-up only for what it uses.
public final class HapticEngine<C: Clock>: HapticFeedback where C.Duration == Duration {
    private let player: HapticPlayer
    private let renderer: Renderer
    /// The presets played so far, rendered at full intensity.
    private let presetTracks = Mutex<[Preset: RumbleTrack]>([:])

    /// Creates an engine playing through `driver` on `clock`, rendering with `settings`.
    /// Tests pass a `ManualClock`; real devices play best on `PrecisionClock`, which
    /// `init(driver:settings:)` picks.
    public init(driver: any HapticDriver, clock: C, settings: RenderSettings = RenderSettings()) {
        let renderer = Renderer(settings: settings)
        self.renderer = renderer
        self.player = HapticPlayer(driver: driver, clock: clock)
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

    /// Plays a preset, its intensities scaled by `intensity` (0...1), repeated as asked.
    @discardableResult
    public func play(_ preset: Preset, intensity: Double = 1, repetition: Repetition = .once) -> PlaybackHandle {
        player.play(track(for: preset, intensity: intensity), repetition: repetition)
    }

    /// Renders and plays a pattern, repeated as asked.
    @discardableResult
    public func play(_ pattern: HapticPattern, repetition: Repetition = .once) -> PlaybackHandle {
        player.play(renderer.render(pattern), repetition: repetition)
    }

    /// Plays an already rendered track, repeated as asked.
    @discardableResult
    public func play(_ track: RumbleTrack, repetition: Repetition = .once) -> PlaybackHandle {
        player.play(track, repetition: repetition)
    }

    /// Makes an advanced player for `pattern` (seek, pause, loops, rate, live parameters; see
    /// `AdvancedPatternPlayer`), idle until started, mixing with everything else played here.
    public func makeAdvancedPlayer(for pattern: HapticPattern) -> AdvancedPatternPlayer {
        AdvancedPatternPlayer(host: player, id: player.addAdvanced(pattern, settings: renderer.settings))
    }

    /// An advanced player for `pattern`, as `HapticFeedback` asks for one.
    public func makeAdvancedPlayback(for pattern: HapticPattern) -> any AdvancedPlayback {
        makeAdvancedPlayer(for: pattern)
    }

    /// Fires an impact, scaled by `intensity` (0...1) as
    /// `UIImpactFeedbackGenerator.impactOccurred(intensity:)` does.
    @discardableResult
    public func impact(_ style: ImpactStyle, intensity: Double) -> PlaybackHandle {
        play(.impact(style), intensity: intensity)
    }

    /// Fires an impact at full intensity.
    @discardableResult
    public func impact(_ style: ImpactStyle) -> PlaybackHandle {
        play(.impact(style))
    }

    /// Fires a notification pattern.
    @discardableResult
    public func notify(_ type: NotificationType) -> PlaybackHandle {
        play(.notification(type))
    }

    /// Fires the selection tick.
    @discardableResult
    public func selection() -> PlaybackHandle {
        play(.selection)
    }

    /// The master gain, 0...1, applied to everything played.
    public var gain: Double { player.gain }

    /// Sets the master gain (clamped to 0...1); what is playing follows at once.
    public func setGain(_ gain: Double) {
        player.setGain(gain)
    }

    /// Gets the driver ready; never fails (see the type's notes on getting ready).
    public func prepare() {
        try? player.prepare()
    }

    /// Gets the driver ready and throws why it cannot be, e.g. a missing or forbidden device.
    public func start() throws {
        try player.prepare()
    }

    /// Stops everything at once: every playback ends `.stopped` and the motors go off.
    public func stop() {
        player.stop()
    }

    /// Stops everything, turns the motors off and releases the driver (erasing what it
    /// uploaded). Called from outside a driver method, it returns once that is done. A later
    /// playback opens the driver again.
    public func close() {
        player.close()
    }
}

extension HapticEngine where C == PrecisionClock {
    /// Creates an engine on `PrecisionClock`, the best timing for real devices: one timer
    /// thread waiting on absolute monotonic deadlines sends each frame the moment it is due,
    /// and never wakes while idle (see BENCHMARKS.md).
    public convenience init(driver: any HapticDriver, settings: RenderSettings = RenderSettings()) {
        self.init(driver: driver, clock: PrecisionClock(), settings: settings)
    }
}
