import FeedbackTheme
import Haptics

/// A theme with every entry rendered once, so a trigger only looks tracks up.
struct CompiledTheme {
    /// The theme's name.
    let name: String
    private let tracks: [FeedbackProfile: [String: RumbleTrack]]

    /// Renders every entry of `theme` with `renderer`.
    init(_ theme: FeedbackTheme, renderer: ThemeRenderer) {
        name = theme.name
        tracks = theme.profiles.mapValues { entries in entries.mapValues(renderer.track(for:)) }
    }

    /// What plays for `event` at `profile`: this profile's entry and every quieter one's.
    func tracks(for event: String, at profile: FeedbackProfile) -> [RumbleTrack] {
        profile.cumulative.compactMap { tracks[$0]?[event] }
    }
}
