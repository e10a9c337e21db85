/// How a feedback ranks against the others on its pad (`FeedbackArbitration`): a feedback
/// marked `important`, or one of a notification-class event, pre-empts the others.
enum FeedbackPriority: Sendable, Hashable {
    /// Everything else: plays alongside its peers, silenced while a pre-empting one plays.
    case normal
    /// Pre-empts the normal feedbacks on its pad for as long as it runs.
    case preempting

    /// The prefixes of notification-class events (feedbackd's event names).
    static let notificationPrefixes = ["notification-", "message-new-"]
    /// The notification-class events named in full.
    static let notificationEvents: Set<String> = ["phone-incoming-call", "alarm-clock-elapsed"]

    /// The priority of a `TriggerFeedback` for `event`: `preempting` when the hint `important`
    /// is set or the event is of notification class.
    init(event: String, important: Bool) {
        let notification =
            Self.notificationEvents.contains(event) || Self.notificationPrefixes.contains { event.hasPrefix($0) }
        self = important || notification ? .preempting : .normal
    }
}
