import CSDBus
import FeedbackTheme
import HapticsModel
import HapticsPlayback

/// `org.sigxcpu.Feedback`, feedbackd's main interface: `TriggerFeedback` plays a theme's
/// feedback for an event, `EndFeedback` ends one, and the `Profile` property sets the level
/// every feedback plays at most. A theme's `Led` feedback shows on the pads' light bars.
final class FeedbackInterface {
    private let bus: Bus
    private let feedbacks: RunningFeedbacks
    /// The engine theme feedbacks play on.
    private let engine: HapticEngine
    private let renderer: ThemeRenderer
    private var theme: CompiledTheme

    init(bus: Bus, feedbacks: RunningFeedbacks, engine: HapticEngine, theme: FeedbackTheme) {
        self.bus = bus
        self.feedbacks = feedbacks
        self.engine = engine
        self.renderer = ThemeRenderer(renderer: Renderer(settings: engine.settings))
        self.theme = CompiledTheme(theme, renderer: renderer)
    }

    /// The theme's name.
    var themeName: String { theme.name }

    /// Plays `theme` from now on; what plays goes on.
    func use(_ theme: FeedbackTheme) {
        self.theme = CompiledTheme(theme, renderer: renderer)
    }

    /// Reproduces `fbd_feedback_manager_handle_trigger_feedback` in
    /// src/fbd-feedback-manager.c once ``MethodArguments`` has checked the arguments: the hint
    /// `profile` can only lower the level (`get_max_level`), and
    /// `important` plays at `full` whatever the profile (feedbackd 0.8 honours it only for the
    /// apps its `allow-important` setting lists; here every app may); the reply is the new
    /// feedback's id,
    /// always, and when the theme has nothing for the event `FeedbackEnded` with `NOT_FOUND`
    /// follows it at once. An important or notification-class feedback pre-empts the others on
    /// the engine (`FeedbackPriority`, `FeedbackArbitration`).
    ///
    /// The event's `Led` entry shows when a pad driven has a light bar, as feedbackd runs it
    /// only with an LED (`fbd_feedback_led_is_available`): beside haptic feedbacks it ends with
    /// them; alone it shows until the feedback is ended, or for a timeout over 0 until that
    /// runs out (a silent run of the timeout's length; feedbackd's shows until ended).
    func triggerFeedback(_ event: String, hints: FeedbackHints, timeout: Int32, for call: BusMessage) throws(MethodError) -> Int32 {
        let level = hints.important ? FeedbackProfile.full : max(feedbacks.profile, hints.profile ?? .full)
        var timelines = theme.timelines(for: event, at: level)
        let led = theme.light(for: event, at: level)
        let bars = led == nil ? [] : feedbacks.lights.bars
        let light = led.flatMap { bars.isEmpty ? nil : (led: $0, bars: bars) }
        if light != nil, timelines.isEmpty, timeout > 0 {
            timelines = [FeedbackTimeline(track: RumbleTrack(frames: []), end: .seconds(timeout))]
        }
        return try feedbacks.play(
            timelines.map { ($0, engine) }, for: call, timeout: timeout, endsWithClient: true,
            priority: FeedbackPriority(event: event, important: hints.important), light: light)
    }

    /// `EndFeedback`: ends feedback `id` (`FeedbackEnded` goes out before the reply).
    func endFeedback(_ id: UInt32, for call: BusMessage) -> Int32 {
        feedbacks.end(id, .explicit)
        return Bus.reply(to: call)
    }

    /// A write of `Profile`: announced when it changes.
    func setProfile(_ profile: FeedbackProfile) -> Int32 {
        if profile != feedbacks.profile {
            feedbacks.profile = profile
            bus.emitPropertyChanged(.feedback, "Profile")
        }
        return 0
    }

    /// Appends the value of the property `member` to `reply`; `nil` for a member of another
    /// interface.
    func read(_ member: hapticsd_member, into reply: BusMessage) -> Int32? {
        switch member {
        case HAPTICSD_PROFILE: reply.append(feedbacks.profile.rawValue)
        default: nil
        }
    }
}
