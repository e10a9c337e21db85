/// What a client (a control, a gesture, a state machine) asks of the haptics stack, in the
/// vocabulary of `UIFeedbackGenerator`.
///
/// A conformer implements one call, `perform(_:)`, which takes every intent as a value, and
/// the advanced playback's factory; `impact`, `notify`, `selection`, `play` and `prepare` are
/// conveniences written once, here, that make the matching intent. `HapticEngine` conforms;
/// clients such as `PullToRefresh` depend on this protocol only, so they can be tested with
/// a recording stand-in (`HapticsTesting`'s `RecordingFeedback`) and know nothing of devices
/// or time.
public protocol HapticFeedback: Sendable {
    /// Makes the call `intent` names and hands back its playback; `nil` for `.prepare`, which
    /// starts none. `.prepare` gets the output ready for feedback that is likely to come soon
    /// (devices opened, effects uploaded) and never fails: a problem shows in the outcome of
    /// the next playback.
    @discardableResult
    func perform(_ intent: FeedbackIntent) -> PlaybackHandle?

    /// A playback of `pattern` to shape while it lasts (live parameters), idle until started.
    func makeAdvancedPlayback(for pattern: HapticPattern) -> any AdvancedPlayback
}

extension HapticFeedback {
    /// Gets the output ready for feedback that is likely to come soon (`.prepare`).
    public func prepare() {
        perform(.prepare)
    }

    /// Fires an impact of the given style, scaled by `intensity` (0...1, clamped), as
    /// `UIImpactFeedbackGenerator.impactOccurred(intensity:)` does.
    @discardableResult
    public func impact(_ style: ImpactStyle, intensity: Double) -> PlaybackHandle {
        playback(of: .impact(style, intensity: intensity))
    }

    /// Fires an impact of the given style at full intensity.
    @discardableResult
    public func impact(_ style: ImpactStyle) -> PlaybackHandle {
        playback(of: .impact(style, intensity: 1))
    }

    /// Fires the notification pattern for the given outcome.
    @discardableResult
    public func notify(_ type: NotificationType) -> PlaybackHandle {
        playback(of: .notification(type))
    }

    /// Fires the short tick that marks a change of selection.
    @discardableResult
    public func selection() -> PlaybackHandle {
        playback(of: .selection)
    }

    /// Plays an authored pattern, repeated as asked (once by default).
    @discardableResult
    public func play(_ pattern: HapticPattern, repetition: Repetition = .once) -> PlaybackHandle {
        playback(of: .pattern(pattern, repetition))
    }

    /// The playback `intent` starts. Every intent but `.prepare` starts one; a conformer that
    /// hands back none for it has nothing to play, which reads as a playback already completed.
    private func playback(of intent: FeedbackIntent) -> PlaybackHandle {
        perform(intent) ?? .ended(.completed)
    }
}
