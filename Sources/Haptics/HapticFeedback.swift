/// What a client (a control, a gesture, a state machine) asks of the haptics stack,
/// in the vocabulary of `UIFeedbackGenerator`.
///
/// `HapticEngine` conforms; clients such as `PullToRefresh` depend on this protocol only,
/// so they can be tested with a recording stand-in and know nothing of devices or time.
public protocol HapticFeedback: Sendable {
    /// Gets the output ready for feedback that is likely to come soon, so that it fires
    /// with the least latency (devices opened, effects uploaded).
    func prepare()
    /// Fires an impact of the given style, scaled by `intensity` (0...1, clamped).
    func impact(_ style: ImpactStyle, intensity: Double)
    /// Fires the notification pattern for the given outcome.
    func notify(_ type: NotificationType)
    /// Fires the short tick that marks a change of selection.
    func selection()
}
