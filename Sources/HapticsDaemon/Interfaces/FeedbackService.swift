import CSDBus
import FeedbackTheme
import HapticsEvdev
import HapticsModel
import HapticsPlayback

/// The three interfaces served at one object path, on the loop thread: reads each vtable
/// entry's call or property and hands it to the interface that serves it
/// (`FeedbackInterface`, `HapticInterface`, `HapticsInterface`), over the feedbacks they
/// share (`RunningFeedbacks`); steps time and takes the loop's work. Not `Sendable`: sd-bus
/// calls it on the loop thread only, and playbacks' ends come back through the mailbox.
final class FeedbackService {
    private let feedbacks: RunningFeedbacks
    private let feedback: FeedbackInterface
    private let haptic: HapticInterface
    private let haptics: HapticsInterface

    init(
        bus: Bus,
        engine: HapticEngine,
        localities: LocalityEngines,
        mailbox: Mailbox<DaemonWork>,
        theme: FeedbackTheme,
        limits: DaemonLimits,
        devices: @escaping () -> [DeviceEntry],
        lightBars: @escaping () -> [LightBar],
        log: @escaping (String) -> Void
    ) {
        let lights = LightFeedbacks(lightBars: lightBars, log: log)
        feedbacks = RunningFeedbacks(bus: bus, mailbox: mailbox, localities: localities, lights: lights, limits: limits, log: log)
        feedback = FeedbackInterface(bus: bus, feedbacks: feedbacks, engine: engine, theme: theme)
        haptic = HapticInterface(feedbacks: feedbacks, engine: engine)
        haptics = HapticsInterface(bus: bus, feedbacks: feedbacks, engine: engine, localities: localities, devices: devices)
    }

    /// The theme's name.
    var themeName: String { feedback.themeName }

    /// Plays `theme` from now on; what plays goes on.
    func use(_ theme: FeedbackTheme) {
        feedback.use(theme)
    }

    /// When the next timeout runs out.
    var nextDeadline: MonotonicInstant? { feedbacks.nextDeadline }

    // MARK: - Work from the loop

    /// Steps time to `now` (`RunningFeedbacks.advance(now:)`).
    func advance(now: MonotonicInstant) {
        feedbacks.advance(now: now)
    }

    /// Acts on work other threads posted: a failed playback ends its feedback; a device
    /// plugged in or out closes the localities' idle engines and updates `Devices`.
    func perform(_ work: DaemonWork) {
        switch work {
        case .playbackFailed(let id, let reason, let message): feedbacks.playbackFailed(id, reason: reason, message: message)
        case .devicesChanged: haptics.devicesChanged()
        }
    }

    /// Gives every light bar showing a feedback back what it showed before: the daemon exits.
    func restoreLights() {
        feedbacks.lights.restoreAll()
    }

    /// Ends what `client` started that ends with it: it left the bus
    /// (`RunningFeedbacks.clientLeft(_:)`).
    func clientLeft(_ client: String) {
        feedbacks.clientLeft(client)
    }

    // MARK: - The vtables

    /// Handles one vtable entry: a call when `reply` is `nil`, else a property read; a
    /// property write comes as a `message` for a property member.
    func handle(_ member: hapticsd_member, message: BusMessage?, reply: BusMessage?, error busError: UnsafeMutablePointer<sd_bus_error>?)
        -> Int32
    {
        if let reply { return feedback.read(member, into: reply) ?? haptics.read(member, into: reply) ?? -EINVAL }
        guard let message, let method = DaemonMethod(member) else { return -EINVAL }
        do throws(MethodError) {
            switch try MethodArguments.decode(method, from: message, limits: feedbacks.limits) {
            case .triggerFeedback(_, let event, let hints, let timeout):
                return try feedback.triggerFeedback(event, hints: hints, timeout: timeout, for: message)
            case .end(let id) where method == .stop: return haptics.stop(id, for: message)
            case .end(let id): return feedback.endFeedback(id, for: message)
            case .profile(let profile): return feedback.setProfile(profile)
            case .vibrate(let appID, let steps): return haptic.vibrate(appID, steps, for: message)
            case .playAHAP(_, let pattern, let timeout, let locality):
                return try haptics.play(at: locality, for: message, timeout: timeout) { $0.track(for: pattern) }
            case .impact(_, let style, let intensity, let locality):
                return try haptics.play(at: locality, for: message, timeout: -1) { $0.track(for: .impact(style), intensity: intensity) }
            case .notify(_, let type, let locality):
                return try haptics.play(at: locality, for: message, timeout: -1) { $0.track(for: .notification(type)) }
            case .selection(_, let locality): return try haptics.play(at: locality, for: message, timeout: -1) { $0.track(for: .selection) }
            case .stopAll: return haptics.stopAll(for: message)
            case .gain(let gain): return haptics.setGain(gain)
            }
        } catch {
            return Bus.fail(busError, error)
        }
    }
}
