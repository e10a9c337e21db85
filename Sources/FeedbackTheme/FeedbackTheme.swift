/// A feedbackd theme, as far as pads go: for each profile, the haptic feedback and the `Led`
/// feedback of each event it lists. `Sound` entries are not kept (the loader notes them once).
public struct FeedbackTheme: Sendable, Hashable {
    /// The theme's `name`.
    public var name: String
    /// The theme's `parent-name`, when it has one (kept, not followed).
    public var parentName: String?
    /// Each profile's own entries: event name to feedback.
    public var profiles: [FeedbackProfile: [String: ThemeFeedback]]
    /// Each profile's own `Led` entries: event name to light.
    public var lights: [FeedbackProfile: [String: LedFeedback]]

    /// Creates a theme.
    public init(
        name: String, parentName: String? = nil, profiles: [FeedbackProfile: [String: ThemeFeedback]],
        lights: [FeedbackProfile: [String: LedFeedback]] = [:]
    ) {
        self.name = name
        self.parentName = parentName
        self.profiles = profiles
        self.lights = lights
    }

    /// What plays for `event` at `profile`: the entries of this profile and every quieter one,
    /// loudest profile first (profiles are cumulative).
    public func feedbacks(for event: String, at profile: FeedbackProfile) -> [ThemeFeedback] {
        profile.cumulative.compactMap { profiles[$0]?[event] }
    }

    /// The light shown for `event` at `profile`: the `Led` entry of the loudest profile that has
    /// one, among this profile and every quieter one.
    public func light(for event: String, at profile: FeedbackProfile) -> LedFeedback? {
        profile.cumulative.lazy.compactMap { lights[$0]?[event] }.first
    }

    /// Every event the theme gives a haptic feedback, at any profile.
    public var events: Set<String> {
        Set(profiles.values.flatMap(\.keys))
    }
}
