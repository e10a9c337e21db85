import FeedbackTheme
import HapticsModel
import HapticsPlayback

/// `org.sigxcpu.Feedback.Haptic`, feedbackd's `Vibrate` interface (0.6 and later): plays a
/// list of amplitude steps for an app, replacing the app's `Vibrate` still running.
final class HapticInterface {
    private let feedbacks: RunningFeedbacks
    /// The engine the steps play on.
    private let engine: HapticEngine
    private let renderer: ThemeRenderer

    init(feedbacks: RunningFeedbacks, engine: HapticEngine) {
        self.feedbacks = feedbacks
        self.engine = engine
        self.renderer = ThemeRenderer(renderer: Renderer(settings: engine.settings))
    }

    /// Ends the caller's running `Vibrate` for `appID` and plays `steps` in its place: `true`,
    /// or `false` in the silent profile (no steps end it and reply `true`).
    func vibrate(_ appID: String, _ steps: [VibraStep], for call: BusMessage) -> Int32 {
        let key = call.sender + "\u{0}" + appID
        feedbacks.end(key: key)
        guard !steps.isEmpty else { return Bus.reply(to: call, true) }
        guard feedbacks.profile != .silent else { return Bus.reply(to: call, false) }
        feedbacks.start(renderer.render(.pattern(steps)), on: engine, client: call.sender, key: key)
        return Bus.reply(to: call, true)
    }
}
