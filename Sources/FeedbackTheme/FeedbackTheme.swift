/// A feedbackd theme, as far as haptics go: for each profile, the haptic feedback of each
/// event it lists. `Sound` and `Led` entries are not kept (the loader notes them once).
public struct FeedbackTheme: Sendable, Hashable {
    /// The theme's `name`.
    public var name: String
    /// The theme's `parent-name`, when it has one (kept, not followed).
    public var parentName: String?
    /// Each profile's own entries: event name to feedback.
    public var profiles: [FeedbackProfile: [String: ThemeFeedback]]

    /// Creates a theme.
    public init(name: String, parentName: String? = nil, profiles: [FeedbackProfile: [String: ThemeFeedback]]) {
        self.name = name
        self.parentName = parentName
        self.profiles = profiles
    }

    /// What plays for `event` at `profile`: the entries of this profile and every quieter one,
    /// loudest profile first (profiles are cumulative).
    public func feedbacks(for event: String, at profile: FeedbackProfile) -> [ThemeFeedback] {
        profile.cumulative.compactMap { profiles[$0]?[event] }
    }

    /// Every event the theme gives a haptic feedback, at any profile.
    public var events: Set<String> {
        Set(profiles.values.flatMap(\.keys))
    }
}
