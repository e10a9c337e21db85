import CSDBus

/// A method or a property write of hapticsd's three interfaces whose arguments
/// ``MethodArguments/decode(_:from:limits:)`` reads.
public enum DaemonMethod: Sendable, Hashable, CaseIterable {
    /// `org.sigxcpu.Feedback.TriggerFeedback(s app_id, s event, a{sv} hints, i timeout)`.
    case triggerFeedback
    /// `org.sigxcpu.Feedback.EndFeedback(u id)`.
    case endFeedback
    /// A write of the property `org.sigxcpu.Feedback.Profile` (`s`).
    case setProfile
    /// `org.sigxcpu.Feedback.Haptic.Vibrate(s app_id, a(du) pattern)`.
    case vibrate
    /// `io.github.haptics.Haptics1.PlayAHAP(s app_id, s ahap, i timeout)`.
    case playAHAP
    /// `io.github.haptics.Haptics1.Impact(s app_id, s style, d intensity)`.
    case impact
    /// `io.github.haptics.Haptics1.Notify(s app_id, s type)`.
    case notify
    /// `io.github.haptics.Haptics1.Selection(s app_id)`.
    case selection
    /// `io.github.haptics.Haptics1.PlayAHAPAt(s app_id, s ahap, i timeout, s locality)`.
    case playAHAPAt
    /// `io.github.haptics.Haptics1.ImpactAt(s app_id, s style, d intensity, s locality)`.
    case impactAt
    /// `io.github.haptics.Haptics1.NotifyAt(s app_id, s type, s locality)`.
    case notifyAt
    /// `io.github.haptics.Haptics1.SelectionAt(s app_id, s locality)`.
    case selectionAt
    /// `io.github.haptics.Haptics1.Stop(u id)`.
    case stop
    /// `io.github.haptics.Haptics1.StopAll()`.
    case stopAll
    /// A write of the property `io.github.haptics.Haptics1.Gain` (`d`).
    case setGain

    /// Whether the method takes a locality as its last argument (the `…At` methods).
    public var takesLocality: Bool {
        switch self {
        case .playAHAPAt, .impactAt, .notifyAt, .selectionAt: true
        default: false
        }
    }

    /// The method, or the property written, that the vtables route as `member`; `nil` for a
    /// member that is only read.
    init?(_ member: hapticsd_member) {
        switch member {
        case HAPTICSD_TRIGGER_FEEDBACK: self = .triggerFeedback
        case HAPTICSD_END_FEEDBACK: self = .endFeedback
        case HAPTICSD_PROFILE: self = .setProfile
        case HAPTICSD_VIBRATE: self = .vibrate
        case HAPTICSD_PLAY_AHAP: self = .playAHAP
        case HAPTICSD_IMPACT: self = .impact
        case HAPTICSD_NOTIFY: self = .notify
        case HAPTICSD_SELECTION: self = .selection
        case HAPTICSD_PLAY_AHAP_AT: self = .playAHAPAt
        case HAPTICSD_IMPACT_AT: self = .impactAt
        case HAPTICSD_NOTIFY_AT: self = .notifyAt
        case HAPTICSD_SELECTION_AT: self = .selectionAt
        case HAPTICSD_STOP: self = .stop
        case HAPTICSD_STOP_ALL: self = .stopAll
        case HAPTICSD_GAIN: self = .setGain
        default: return nil
        }
    }
}
