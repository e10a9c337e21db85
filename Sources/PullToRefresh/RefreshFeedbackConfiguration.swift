public import HapticsModel

/// How a pull-to-refresh component turns its state changes into haptics.
///
/// The defaults: a light impact, at full intensity, each time the component enters `pulling`,
/// and nothing else; no hysteresis, so the threshold behaves exactly as in MJRefresh.
public struct RefreshFeedbackConfiguration: Sendable, Hashable {
    /// The impact fired on entering `pulling`. Default `.light`, the style the MJRefresh-based apps used.
    public var impactStyle: ImpactStyle
    /// The intensity of that impact, 0...1 (the feedback clamps it). Default 1, as `impactOccurred()`.
    public var impactIntensity: Double
    /// A band in points below the threshold: once pulling, a drag returns to `idle` only at an offset of
    /// `height - hysteresis` or less, so that a finger trembling at the threshold does not buzz.
    /// Default 0: back to idle at `height` or less, exactly as MJRefresh. Negative values count as 0.
    public var hysteresis: Double
    /// The feedback fired when a drag takes `pulling` back to `idle` (Android's `GESTURE_THRESHOLD_DEACTIVATE`),
    /// for example `.impact(.soft, intensity: 0.3)` or `.selection`. Default `nil`: none.
    public var deactivationCue: FeedbackIntent?
    /// Whether `endRefreshing` after a refresh fires `notify(.success)`. Default `false`.
    public var notifiesSuccessOnEnd: Bool
    /// The tension texture while the finger pulls towards the threshold; `nil` (the default,
    /// as MJRefresh) for none.
    public var tension: RefreshTension?

    /// Creates a configuration; the arguments default to a light impact at full intensity on
    /// entering `pulling`, and nothing else.
    public init(
        impactStyle: ImpactStyle = .light,
        impactIntensity: Double = 1,
        hysteresis: Double = 0,
        deactivationCue: FeedbackIntent? = nil,
        notifiesSuccessOnEnd: Bool = false,
        tension: RefreshTension? = nil
    ) {
        self.impactStyle = impactStyle
        self.impactIntensity = impactIntensity
        self.hysteresis = hysteresis
        self.deactivationCue = deactivationCue
        self.notifiesSuccessOnEnd = notifiesSuccessOnEnd
        self.tension = tension
    }
}
