import FeedbackTheme
import HapticsModel

/// A theme with every entry rendered once, so a trigger only looks timelines up.
struct CompiledTheme {
    private let theme: FeedbackTheme
    /// Each distinct entry of the theme, rendered for a gamepad.
    private let timelines: [ThemeFeedback: FeedbackTimeline]

    /// The theme's name.
    var name: String { theme.name }

    /// The `Led` entry for `event` at `profile` (`FeedbackTheme.light(for:at:)`).
    func light(for event: String, at profile: FeedbackProfile) -> LedFeedback? {
        theme.light(for: event, at: profile)
    }

    /// Renders every entry of `theme` with `renderer`.
    init(_ theme: FeedbackTheme, renderer: ThemeRenderer) {
        self.theme = theme
        let entries = theme.profiles.values.flatMap(\.values)
        timelines = Dictionary(entries.map { ($0, renderer.render($0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// What plays for `event` at `profile`: the theme's feedbacks for it (this profile's entry
    /// and every quieter one's, as `fbd_feedback_theme_lookup_feedback` in
    /// src/fbd-feedback-theme.c collects them), rendered; empty when the theme has none.
    func timelines(for event: String, at profile: FeedbackProfile) -> [FeedbackTimeline] {
        theme.feedbacks(for: event, at: profile).compactMap { timelines[$0] }
    }
}
