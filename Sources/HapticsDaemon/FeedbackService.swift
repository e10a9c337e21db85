import CSDBus
import FeedbackTheme
import HapticsCommandLine
import HapticsModel
import HapticsPlayback

/// The three interfaces' behaviour, on the loop thread: reads each call, decides with the
/// registry, plays on the engine, and signals ends. Not `Sendable`: sd-bus calls it on the
/// loop thread only, and playbacks' ends come back through the mailbox.
final class FeedbackService {
    private let bus: Bus
    private let engine: HapticEngine
    private let mailbox: Mailbox<DaemonWork>
    private let renderer: ThemeRenderer
    private let listDevices: () -> [DeviceEntry]
    private let log: (String) -> Void
    private var theme: CompiledTheme
    private var profile = FeedbackProfile.full
    private var registry: FeedbackRegistry
    /// What each running feedback plays: one timeline per theme feedback, and the playback of
    /// its run in progress (`nil` for a silent run).
    private var runs: [UInt32: [(timeline: FeedbackTimeline, playback: PlaybackHandle?)]] = [:]
    /// The running `Vibrate` of each client and app id.
    private var vibrations: [String: UInt32] = [:]
    private var devices: [DeviceEntry]

    init(
        bus: Bus,
        engine: HapticEngine,
        mailbox: Mailbox<DaemonWork>,
        theme: FeedbackTheme,
        limits: DaemonLimits,
        devices: @escaping () -> [DeviceEntry],
        log: @escaping (String) -> Void
    ) {
        self.bus = bus
        self.engine = engine
        self.mailbox = mailbox
        self.renderer = ThemeRenderer(renderer: Renderer(settings: engine.settings))
        self.theme = CompiledTheme(theme, renderer: renderer)
        self.registry = FeedbackRegistry(limits: limits)
        self.listDevices = devices
        self.log = log
        self.devices = devices()
    }

    /// The theme's name.
    var themeName: String { theme.name }

    /// Plays `theme` from now on; what plays goes on.
    func use(_ theme: FeedbackTheme) {
        self.theme = CompiledTheme(theme, renderer: renderer)
    }

    /// When the next timeout runs out.
    var nextDeadline: MonotonicInstant? { registry.nextDeadline }

    // MARK: - Work from the loop

    /// Steps time to `now`: marks the feedbacks whose timeout ran out expired, starts again
    /// the runs of loops that ended, and signals the feedbacks whose last run ended.
    ///
    /// Reproduces `on_fb_ended` in src/fbd-event.c: a looped feedback starts its next run the
    /// moment its run ends (a run of no length plays once, where feedbackd would spin), and
    /// an expired one lets the run in progress finish.
    func advance(now: MonotonicInstant) {
        for run in registry.advance(to: now) {
            guard let timeline = runs[run.id]?[run.index].timeline else { continue }
            if run.repeats, timeline.end > .zero {
                runs[run.id]?[run.index].playback?.stop()
                runs[run.id]?[run.index].playback = play(timeline, for: run.id)
                registry.restarted(run.id, index: run.index, until: now + timeline.end)
            } else if let entry = registry.finished(run.id, index: run.index) {
                forget(run.id)
                if entry.signalled { bus.emitFeedbackEnded(id: run.id, reason: EndReason.natural.rawValue) }
            }
        }
    }

    /// Acts on work other threads posted.
    func perform(_ work: DaemonWork) {
        switch work {
        case .playbackFailed(let id, let message):
            if registry.entries[id] != nil {
                log("hapticsd: feedback \(id) ended with reason 2, its playback failed: \(message)")
                end(id, .explicit)
            }
        case .devicesChanged:
            let now = listDevices()
            guard now != devices else { return }
            devices = now
            bus.emitPropertyChanged(.haptics, "Devices")
        }
    }

    /// Ends what `client` started that ends with it: it left the bus.
    func clientLeft(_ client: String) {
        for id in registry.endingWithClient(client) { end(id, .explicit) }
    }

    // MARK: - The vtables

    /// Handles one vtable entry: a call when `reply` is `nil`, else a property read; a
    /// property write comes as a `message` for a property member.
    func handle(_ member: hapticsd_member, message: BusMessage?, reply: BusMessage?, error busError: UnsafeMutablePointer<sd_bus_error>?)
        -> Int32
    {
        do throws(MethodError) {
            if let reply { return try read(member, into: reply) }
            guard let message, let method = DaemonMethod(member) else { return -EINVAL }
            switch try MethodArguments.decode(method, from: message, limits: registry.limits) {
            case .triggerFeedback(_, let event, let hints, let timeout):
                return try triggerFeedback(event, hints: hints, timeout: timeout, for: message)
            case .end(let id):
                end(id, .explicit)
                return Bus.reply(to: message)
            case .profile(let new):
                if new != profile {
                    profile = new
                    bus.emitPropertyChanged(.feedback, "Profile")
                }
                return 0
            case .vibrate(let appID, let steps): return vibrate(appID, steps, for: message)
            case .playAHAP(_, let pattern, let timeout): return try playOwn(engine.track(for: pattern), for: message, timeout: timeout)
            case .impact(_, let style, let intensity):
                return try playOwn(engine.track(for: .impact(style), intensity: intensity), for: message, timeout: -1)
            case .notify(_, let type): return try playOwn(engine.track(for: .notification(type)), for: message, timeout: -1)
            case .selection: return try playOwn(engine.track(for: .selection), for: message, timeout: -1)
            case .stopAll:
                for id in registry.entries.keys.sorted() { end(id, .explicit) }
                return Bus.reply(to: message)
            case .gain(let gain):
                if gain != engine.gain {
                    engine.setGain(gain)
                    bus.emitPropertyChanged(.haptics, "Gain")
                }
                return 0
            }
        } catch {
            return Bus.fail(busError, error)
        }
    }

    private func read(_ member: hapticsd_member, into reply: BusMessage) throws(MethodError) -> Int32 {
        switch member {
        case HAPTICSD_PROFILE: return reply.append(profile.rawValue)
        case HAPTICSD_GAIN: return reply.append(engine.gain)
        case HAPTICSD_VERSION: return reply.append(DaemonVersion.interface)
        case HAPTICSD_DEVICES:
            var result = reply.open("a", "(sss)")
            for device in devices where result >= 0 {
                result = reply.open("r", "sss")
                if result >= 0 { result = reply.append(device.node) }
                if result >= 0 { result = reply.append(device.name) }
                if result >= 0 { result = reply.append(device.kind) }
                if result >= 0 { result = reply.close() }
            }
            return result >= 0 ? reply.close() : result
        default: return -EINVAL
        }
    }

    // MARK: - org.sigxcpu.Feedback

    /// Reproduces `fbd_feedback_manager_handle_trigger_feedback` in
    /// src/fbd-feedback-manager.c once ``MethodArguments`` has checked the arguments: the hint
    /// `profile` can only lower the level (`get_max_level`), and
    /// `important` plays at `full` whatever the profile (feedbackd 0.8 honours it only for the
    /// apps its `allow-important` setting lists; here every app may); the reply is the new
    /// feedback's id,
    /// always, and when the theme has nothing for the event `FeedbackEnded` with `NOT_FOUND`
    /// follows it at once.
    private func triggerFeedback(_ event: String, hints: FeedbackHints, timeout: Int32, for call: BusMessage) throws(MethodError)
        -> Int32
    {
        let level = hints.important ? FeedbackProfile.full : max(profile, hints.profile ?? .full)
        return try play(theme.timelines(for: event, at: level), for: call, timeout: timeout, endsWithClient: true)
    }

    /// Replies with a new id and starts `timelines` as that feedback of the caller, or signals
    /// its end at once when there is nothing to play. Unless `endsWithClient`, only a loop ends
    /// when the caller leaves the bus. `timeout` is one ``MethodArguments`` checked.
    private func play(_ timelines: [FeedbackTimeline], for call: BusMessage, timeout: Int32, endsWithClient: Bool = false)
        throws(MethodError) -> Int32
    {
        let client = call.sender
        let id = try registry.admit(client)
        // As `fbd_feedback_manager_handle_trigger_feedback`: the reply first, then the feedback
        // starts (its time counted from then) or, with nothing to play, `FeedbackEnded` follows.
        let result = Bus.reply(to: call, id)
        let started = start(
            id, timelines, client: client, timeout: timeout, signalled: true, endsWithClient: endsWithClient || timeout != -1)
        if !started { bus.emitFeedbackEnded(id: id, reason: EndReason.notFound.rawValue) }
        return result
    }

    /// Starts the first run of each of `timelines`; `false` when there are none. Each run ends
    /// at its timeline's end (`fbd_feedback_vibra_run` in src/fbd-feedback-vibra.c: the
    /// `duration` timer), not when its track stops.
    private func start(
        _ id: UInt32, _ timelines: [FeedbackTimeline], client: String, timeout: Int32, signalled: Bool, endsWithClient: Bool
    ) -> Bool {
        guard !timelines.isEmpty else { return false }
        let now = MonotonicInstant.now
        registry.started(
            id, client: client, runEnds: timelines.map { now + $0.end }, repeats: timeout != -1,
            deadline: timeout > 0 ? now + .seconds(timeout) : nil, signalled: signalled, endsWithClient: endsWithClient)
        runs[id] = timelines.map { ($0, play($0, for: id)) }
        return true
    }

    /// Plays one run of `timeline`; a failed playback ends feedback `id`.
    private func play(_ timeline: FeedbackTimeline, for id: UInt32) -> PlaybackHandle? {
        guard timeline.track.duration > .zero else { return nil }
        let handle = engine.play(timeline.track)
        let mailbox = self.mailbox
        handle.whenFinished { outcome in
            if case .failed(let error) = outcome { mailbox.post(.playbackFailed(id, Advice.message(for: error))) }
        }
        return handle
    }

    /// Ends `id` at once for `reason` and signals it, as `fbd_event_end_feedbacks` in
    /// src/fbd-event.c does (the motors stop, `FeedbackEnded` goes out before the reply).
    private func end(_ id: UInt32, _ reason: EndReason) {
        guard let entry = registry.end(id) else { return }
        for run in runs[id] ?? [] { run.playback?.stop() }
        forget(id)
        if entry.signalled { bus.emitFeedbackEnded(id: id, reason: reason.rawValue) }
    }

    /// Drops what the service kept for `id`, which ended; a last pulse lengthened past the
    /// feedback's end plays out.
    private func forget(_ id: UInt32) {
        runs[id] = nil
        if let key = vibrations.first(where: { $0.value == id })?.key { vibrations[key] = nil }
    }

    // MARK: - org.sigxcpu.Feedback.Haptic

    /// Ends the caller's running `Vibrate` for `appID` and plays `steps` in its place.
    private func vibrate(_ appID: String, _ steps: [VibraStep], for call: BusMessage) -> Int32 {
        let key = call.sender + "\u{0}" + appID
        if let running = vibrations[key] { end(running, .explicit) }
        guard !steps.isEmpty else { return Bus.reply(to: call, true) }
        guard profile != .silent else { return Bus.reply(to: call, false) }
        let id = registry.takeID()
        if start(id, [renderer.render(.pattern(steps))], client: call.sender, timeout: -1, signalled: false, endsWithClient: false) {
            vibrations[key] = id
        }
        return Bus.reply(to: call, true)
    }

    // MARK: - io.github.haptics.Haptics1

    /// Plays `track` for a method of our own interface, every one of which goes through here:
    /// in the silent profile nothing sounds (the call still gets its id, and `FeedbackEnded`).
    private func playOwn(_ track: RumbleTrack, for call: BusMessage, timeout: Int32) throws(MethodError) -> Int32 {
        try play(profile == .silent ? [] : [FeedbackTimeline(track: track, end: track.duration)], for: call, timeout: timeout)
    }
}
