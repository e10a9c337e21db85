/// What a client (a control, a gesture, a state machine) asks of the haptics stack,
/// in the vocabulary of `UIFeedbackGenerator`.
///
/// `HapticEngine` conforms; clients such as `PullToRefresh` depend on this protocol only,
/// so they can be tested with a recording stand-in (`HapticsTesting`'s `RecordingFeedback`)
/// and know nothing of devices or time.
public protocol HapticFeedback: Sendable {
    /// Gets the output ready for feedback that is likely to come soon, so that it fires
    /// with the least latency (devices opened, effects uploaded). Never fails: a problem
    /// shows in the outcome of the next playback.
    func prepare()
    /// Fires an impact of the given style, scaled by `intensity` (0...1, clamped).
    @discardableResult
    func impact(_ style: ImpactStyle, intensity: Double) -> PlaybackHandle
    /// Fires the notification pattern for the given outcome.
    @discardableResult
    func notify(_ type: NotificationType) -> PlaybackHandle
    /// Fires the short tick that marks a change of selection.
    @discardableResult
    func selection() -> PlaybackHandle
    /// Plays an authored pattern, repeated as asked.
    @discardableResult
    func play(_ pattern: HapticPattern, repetition: Repetition) -> PlaybackHandle
    /// A playback of `pattern` to shape while it lasts (live parameters), idle until started.
    func makeAdvancedPlayback(for pattern: HapticPattern) -> any AdvancedPlayback
}

extension HapticFeedback {
    /// Fires an impact of the given style at full intensity.
    @discardableResult
    public func impact(_ style: ImpactStyle) -> PlaybackHandle {
        impact(style, intensity: 1)
    }

    /// Plays an authored pattern once.
    @discardableResult
    public func play(_ pattern: HapticPattern) -> PlaybackHandle {
        play(pattern, repetition: .once)
    }
}
