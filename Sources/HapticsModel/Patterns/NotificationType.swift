/// The outcome a notification reports, as `UINotificationFeedbackGenerator.FeedbackType` names it.
///
/// Each type is backed by the embedded AHAP preset of the same name (`Preset.notification(type)`).
public enum NotificationType: String, Sendable, Hashable, CaseIterable {
    /// A task completed successfully.
    case success
    /// A task produced a warning.
    case warning
    /// A task failed.
    case error
}
