/// The front door: feedback intents (impacts, notifications, selection, patterns) rendered
/// and played through a driver, in the vocabulary of `UIFeedbackGenerator`.
///
/// ```swift
/// let engine = HapticEngine(driver: StdoutDriver())
/// engine.prepare()
/// engine.impact(.medium)
/// ```
public final class HapticEngine<C: Clock>: HapticFeedback where C.Duration == Duration {
    /// The player the engine schedules on.
    public let player: HapticPlayer<C>
    /// The renderer turning patterns into tracks.
    public let renderer: Renderer
    private let presetTracks: [Preset: RumbleTrack]

    /// Creates an engine playing through `driver` on `clock`, rendering with `settings`.
    public init(driver: any HapticDriver, clock: C, settings: RenderSettings = RenderSettings()) {
        let renderer = Renderer(settings: settings)
        self.renderer = renderer
        self.player = HapticPlayer(driver: driver, clock: clock)
        self.presetTracks = Dictionary(uniqueKeysWithValues: Preset.allCases.map { ($0, renderer.render($0.pattern)) })
    }

    /// The track a preset plays at full intensity.
    public func track(for preset: Preset) -> RumbleTrack {
        presetTracks[preset] ?? renderer.render(preset.pattern)
    }

    /// Plays a preset, its intensities scaled by `intensity` (0...1).
    @discardableResult
    public func play(_ preset: Preset, intensity: Double = 1, repetition: Repetition = .once) -> PlaybackHandle {
        let track = intensity >= 1 ? track(for: preset) : renderer.render(preset.pattern.scaled(by: intensity))
        return player.play(track, repetition: repetition)
    }

    /// Plays an already rendered track.
    @discardableResult
    public func play(_ track: RumbleTrack, repetition: Repetition = .once) -> PlaybackHandle {
        player.play(track, repetition: repetition)
    }

    /// The master gain, 0...1, applied to everything played.
    public var gain: Double { player.gain }

    /// Sets the master gain (clamped to 0...1); what is playing follows at once.
    public func setGain(_ gain: Double) {
        player.setGain(gain)
    }

    /// Stops everything, turns the motors off and releases the driver.
    public func close() {
        player.close()
    }

    /// Renders and plays a pattern.
    @discardableResult
    public func play(_ pattern: HapticPattern, repetition: Repetition = .once) -> PlaybackHandle {
        player.play(renderer.render(pattern), repetition: repetition)
    }

    /// Gets the driver ready; a failure is reported by the next playback's outcome, so this
    /// never interrupts the caller (as `UIFeedbackGenerator.prepare()`). Call `start()` to
    /// see the error at once.
    public func prepare() {
        try? player.prepare()
    }

    /// Gets the driver ready and reports why it cannot be, e.g. a missing or forbidden device.
    public func start() throws {
        try player.prepare()
    }

    /// Fires an impact, scaled by `intensity` (0...1) as
    /// `UIImpactFeedbackGenerator.impactOccurred(intensity:)` does.
    public func impact(_ style: ImpactStyle, intensity: Double) {
        play(Preset(style), intensity: intensity)
    }

    /// Fires an impact at full intensity.
    public func impact(_ style: ImpactStyle) {
        play(Preset(style))
    }

    /// Fires a notification pattern.
    public func notify(_ type: NotificationType) {
        play(Preset(type))
    }

    /// Fires the selection tick.
    public func selection() {
        play(.selection)
    }

    /// Stops everything at once.
    public func stop() {
        player.stop()
    }
}

extension HapticEngine where C == ContinuousClock {
    /// Creates an engine on the system's monotonic clock.
    public convenience init(driver: any HapticDriver, settings: RenderSettings = RenderSettings()) {
        self.init(driver: driver, clock: ContinuousClock(), settings: settings)
    }
}
