import FeedbackTheme
import HapticsModel

/// A theme with every entry rendered once, so a trigger only looks tracks up.
struct CompiledTheme {
    private let theme: FeedbackTheme
    /// Each distinct entry of the theme, rendered.
    private let tracks: [ThemeFeedback: RumbleTrack]

    /// The theme's name.
    var name: String { theme.name }

    /// Renders every entry of `theme` with `renderer`.
    init(_ theme: FeedbackTheme, renderer: ThemeRenderer) {
        self.theme = theme
        let entries = theme.profiles.values.flatMap(\.values)
        tracks = Dictionary(entries.map { ($0, renderer.track(for: $0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// What plays for `event` at `profile`: the theme's feedbacks for it (this profile's entry
    /// and every quieter one's), rendered.
    func tracks(for event: String, at profile: FeedbackProfile) -> [RumbleTrack] {
        theme.feedbacks(for: event, at: profile).compactMap { tracks[$0] }
    }
}
