/// What an adaptive trigger's effect is doing, as Apple's `GCDualSenseAdaptiveTrigger.Status`
/// names it: each mode's states, or `unknown`. The stable names (`rawValue`) are what
/// `haptics trigger --status` prints.
public enum TriggerState: String, CaseIterable, Sendable, Hashable {
    /// In feedback mode, not resisting the finger (the trigger is before the effect's start).
    case feedbackNoLoad = "feedback-no-load"
    /// In feedback mode, resisting the finger.
    case feedbackLoadApplied = "feedback-load-applied"
    /// In weapon mode, before the point where it resists.
    case weaponReady = "weapon-ready"
    /// In weapon mode, resisting, before the point where it gives way.
    case weaponFiring = "weapon-firing"
    /// In weapon mode, past the point where it gave way.
    case weaponFired = "weapon-fired"
    /// In vibration mode, still (the trigger is before the effect's start).
    case vibrationNotVibrating = "vibration-not-vibrating"
    /// In vibration mode, vibrating.
    case vibrationIsVibrating = "vibration-is-vibrating"
    /// In slope feedback mode, before the slope's start.
    case slopeFeedbackReady = "slope-feedback-ready"
    /// In slope feedback mode, resisting along the slope.
    case slopeFeedbackApplyingLoad = "slope-feedback-applying-load"
    /// In slope feedback mode, past the slope's end.
    case slopeFeedbackFinished = "slope-feedback-finished"
    /// No effect the pad reports a state for (off, or a state the pad does not name).
    case unknown
}
