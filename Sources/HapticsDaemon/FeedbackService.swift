import CSDBus
import FeedbackTheme
import HapticsCommandLine
import HapticsModel
import HapticsPlayback
import HapticsRouting

/// The three interfaces' behaviour, on the loop thread: reads each call, decides with the
/// registry, plays on the engine, and signals ends. Not `Sendable`: sd-bus calls it on the
/// loop thread only, and playbacks' ends come back through the mailbox.
final class FeedbackService {
    private let bus: Bus
    private let engine: HapticEngine
    /// The engines of the `…At` methods, one per output a locality plays on.
    private let localities: LocalityEngines
    private let mailbox: Mailbox<DaemonWork>
    private let renderer: ThemeRenderer
    private let listDevices: () -> [DeviceEntry]
    private let log: (String) -> Void
    private var theme: CompiledTheme
    private var profile = FeedbackProfile.full
    private var registry: FeedbackRegistry
    /// What each running feedback plays: one timeline per theme feedback (per engine, for a
    /// locality's), the engine it plays on, and the playback of its run in progress (`nil` for
    /// a silent run).
    private var runs: [UInt32: [Run]] = [:]
    /// The running `Vibrate` of each client and app id.
    private var vibrations: [String: UInt32] = [:]
    private var devices: [DeviceEntry]

    init(
        bus: Bus,
        engine: HapticEngine,
        localities: LocalityEngines,
        mailbox: Mailbox<DaemonWork>,
        theme: FeedbackTheme,
        limits: DaemonLimits,
        devices: @escaping () -> [DeviceEntry],
        log: @escaping (String) -> Void
    ) {
        self.bus = bus
        self.engine = engine
        self.localities = localities
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
            guard let played = runs[run.id]?[run.index] else { continue }
            let timeline = played.timeline
            if run.repeats, timeline.end > .zero {
                played.playback?.stop()
                runs[run.id]?[run.index].playback = play(timeline, on: played.engine, for: run.id)
                registry.restarted(run.id, index: run.index, until: now + timeline.end)
            } else if let entry = registry.finished(run.id, index: run.index) {
                forget(run.id)
                if entry.signalled { bus.emitFeedbackEnded(id: run.id, reason: EndReason.natural.rawValue) }
            }
        }
    }

    /// Acts on work other threads posted: a failed playback ends its feedback; a device
    /// plugged in or out closes the localities' idle engines (the next call routes over the
    /// pads there are now) and updates `Devices`.
    func perform(_ work: DaemonWork) {
        switch work {
        case .playbackFailed(let id, let message):
            if registry.entries[id] != nil {
                log("hapticsd: feedback \(id) ended with reason 2, its playback failed: \(message)")
                end(id, .explicit)
            }
        case .devicesChanged:
            let now = listDevices()
            localities.devicesChanged(inUse: isPlaying)
            guard now != devices else { return }
            devices = now
            bus.emitPropertyChanged(.haptics, "Devices")
        }
    }

    /// Ends what `client` started that ends with it: it left the bus. Then the engines of
    /// the localities it played at that nothing else plays on are closed, which resets what
    /// its playbacks set on the pads (a trigger's vibration, HD Rumble levels) and hands the
    /// pads back to their kernel drivers.
    func clientLeft(_ client: String) {
        let ending = registry.endingWithClient(client)
        let left = Set(ending.flatMap { runs[$0] ?? [] }.map { ObjectIdentifier($0.engine) })
        for id in ending { end(id, .explicit) }
        guard !left.isEmpty else { return }
        let closed = localities.close { engine in !left.contains(ObjectIdentifier(engine)) || isPlaying(engine) }
        if closed > 0 {
            log("hapticsd: \(client) left the bus: closed \(closed) engine\(closed == 1 ? "" : "s") it played at, resetting its pads")
        }
    }

    /// Whether a running feedback plays on `engine`.
    private func isPlaying(_ engine: HapticEngine) -> Bool {
        runs.values.contains { $0.contains { $0.engine === engine } }
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
            case .playAHAP(_, let pattern, let timeout, let locality):
                return try playOwn(at: locality, for: message, timeout: timeout) { $0.track(for: pattern) }
            case .impact(_, let style, let intensity, let locality):
                return try playOwn(at: locality, for: message, timeout: -1) { $0.track(for: .impact(style), intensity: intensity) }
            case .notify(_, let type, let locality):
                return try playOwn(at: locality, for: message, timeout: -1) { $0.track(for: .notification(type)) }
            case .selection(_, let locality): return try playOwn(at: locality, for: message, timeout: -1) { $0.track(for: .selection) }
            case .stopAll:
                for id in registry.entries.keys.sorted() { end(id, .explicit) }
                return Bus.reply(to: message)
            case .gain(let gain):
                if gain != engine.gain {
                    engine.setGain(gain)
                    localities.setGain(gain)
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
        let timelines = theme.timelines(for: event, at: level)
        return try play(timelines.map { ($0, engine) }, for: call, timeout: timeout, endsWithClient: true)
    }

    /// Replies with a new id and starts `timelines` as that feedback of the caller, or signals
    /// its end at once when there is nothing to play. Unless `endsWithClient`, only a loop ends
    /// when the caller leaves the bus. `timeout` is one ``MethodArguments`` checked.
    private func play(
        _ timelines: [(timeline: FeedbackTimeline, engine: HapticEngine)], for call: BusMessage, timeout: Int32,
        endsWithClient: Bool = false
    )
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
        _ id: UInt32, _ timelines: [(timeline: FeedbackTimeline, engine: HapticEngine)], client: String, timeout: Int32,
        signalled: Bool, endsWithClient: Bool
    ) -> Bool {
        guard !timelines.isEmpty else { return false }
        let now = MonotonicInstant.now
        registry.started(
            id, client: client, runEnds: timelines.map { now + $0.timeline.end }, repeats: timeout != -1,
            deadline: timeout > 0 ? now + .seconds(timeout) : nil, signalled: signalled, endsWithClient: endsWithClient)
        runs[id] = timelines.map { Run(timeline: $0.timeline, engine: $0.engine, playback: play($0.timeline, on: $0.engine, for: id)) }
        return true
    }

    /// Plays one run of `timeline` on `engine`; a failed playback ends feedback `id`.
    private func play(_ timeline: FeedbackTimeline, on engine: HapticEngine, for id: UInt32) -> PlaybackHandle? {
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
        let timeline = renderer.render(.pattern(steps))
        if start(id, [(timeline, engine)], client: call.sender, timeout: -1, signalled: false, endsWithClient: false) {
            vibrations[key] = id
        }
        return Bus.reply(to: call, true)
    }

    // MARK: - io.github.haptics.Haptics1

    /// Plays the track `render` makes for a method of our own interface, every one of which
    /// goes through here: without a locality on the main engine, as the methods always have;
    /// at a locality on each of its engines, each rendering its own track. A locality that
    /// cannot play is the call's error; in the silent profile nothing sounds (the call still
    /// gets its id, and `FeedbackEnded`).
    private func playOwn(at locality: Locality?, for call: BusMessage, timeout: Int32, render: (HapticEngine) -> RumbleTrack)
        throws(MethodError) -> Int32
    {
        let engines = try locality.map { locality throws(MethodError) in try localities.engines(for: locality) } ?? [engine]
        guard profile != .silent else { return try play([], for: call, timeout: timeout) }
        let timelines = engines.map { engine in
            let track = render(engine)
            return (FeedbackTimeline(track: track, end: track.duration), engine)
        }
        return try play(timelines, for: call, timeout: timeout)
    }
}

/// One run of a running feedback: the timeline it plays, the engine it plays on, and its
/// playback in progress (`nil` for a silent run).
private struct Run {
    var timeline: FeedbackTimeline
    var engine: HapticEngine
    var playback: PlaybackHandle?
}
