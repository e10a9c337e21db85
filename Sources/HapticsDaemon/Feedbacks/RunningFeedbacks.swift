import FeedbackTheme
import HapticsEvdev
import HapticsModel
import HapticsPlayback
import HapticsRouting

/// The feedbacks running on the daemon's engines, whichever interface started them, on the
/// loop thread: admits each (an id within the client's limit), starts its runs on their
/// engines, steps time (loops run again, timeouts run out), ends feedbacks and signals
/// `FeedbackEnded`; a feedback's `Led` shows on the light bars from its start to its end
/// (`LightFeedbacks`). Not `Sendable`: playbacks' ends come back through the mailbox.
///
/// It also holds the profile every feedback plays under (`org.sigxcpu.Feedback.Profile`),
/// which each interface consults.
final class RunningFeedbacks {
    private let bus: Bus
    private let mailbox: Mailbox<DaemonWork>
    /// The engines of the `…At` methods: those a leaving client played on are closed.
    private let localities: LocalityEngines
    /// The `Led` feedbacks on the light bars.
    let lights: LightFeedbacks
    private let log: (String) -> Void
    private var registry: FeedbackRegistry
    /// What each running feedback plays: one timeline per theme feedback (per engine, for a
    /// locality's), the engine it plays on, and the playback of its run in progress (`nil` for
    /// a silent run).
    private var runs: [UInt32: [Run]] = [:]
    /// The running feedback started under each key (`start(_:on:client:key:)`).
    private var keyed: [String: UInt32] = [:]
    /// Which feedbacks sound on each engine: pre-empting ones silence the others.
    private var arbitration = FeedbackArbitration<ObjectIdentifier>()

    /// The profile feedbacks play under: `full`, or lower.
    var profile = FeedbackProfile.full

    init(
        bus: Bus, mailbox: Mailbox<DaemonWork>, localities: LocalityEngines, lights: LightFeedbacks, limits: DaemonLimits,
        log: @escaping (String) -> Void
    ) {
        self.bus = bus
        self.mailbox = mailbox
        self.localities = localities
        self.lights = lights
        self.registry = FeedbackRegistry(limits: limits)
        self.log = log
    }

    /// What one client may ask.
    var limits: DaemonLimits { registry.limits }

    /// When the next timeout runs out or a light changes.
    var nextDeadline: MonotonicInstant? { [registry.nextDeadline, lights.nextDeadline].compactMap { $0 }.min() }

    // MARK: - Starting

    /// Replies with a new id and starts `timelines` as that feedback of the caller, ranked
    /// `priority` on its engines, with `light` on its light bars, or signals its end at once
    /// when there is nothing to play. Unless `endsWithClient`, only a loop ends when the caller
    /// leaves the bus. `timeout` is one ``MethodArguments`` checked.
    func play(
        _ timelines: [(timeline: FeedbackTimeline, engine: HapticEngine)], for call: BusMessage, timeout: Int32,
        endsWithClient: Bool = false, priority: FeedbackPriority = .normal, light: (led: LedFeedback, bars: [LightBar])? = nil
    )
        throws(MethodError) -> Int32
    {
        let client = call.sender
        let id = try registry.admit(client)
        // As `fbd_feedback_manager_handle_trigger_feedback`: the reply first, then the feedback
        // starts (its time counted from then) or, with nothing to play, `FeedbackEnded` follows.
        let result = Bus.reply(to: call, id)
        let started = start(
            id, timelines, client: client, timeout: timeout, signalled: true, endsWithClient: endsWithClient || timeout != -1,
            priority: priority, light: light)
        if !started { bus.emitFeedbackEnded(id: id, reason: EndReason.notFound.rawValue) }
        return result
    }

    /// Starts `timeline` on `engine` once as a feedback of `client` under `key` (`end(key:)`
    /// ends it), unsignalled (it has no id the caller knows) and running on when the client
    /// leaves: `Vibrate`'s.
    func start(_ timeline: FeedbackTimeline, on engine: HapticEngine, client: String, key: String) {
        let id = registry.takeID()
        if start(id, [(timeline, engine)], client: client, timeout: -1, signalled: false, endsWithClient: false, priority: .normal) {
            keyed[key] = id
        }
    }

    /// Ends the feedback started under `key`, if it runs.
    func end(key: String) {
        if let running = keyed[key] { end(running, .explicit) }
    }

    /// Starts the first run of each of `timelines` and shows `light`; `false` when there is
    /// neither. Each run ends at its timeline's end (`fbd_feedback_vibra_run` in
    /// src/fbd-feedback-vibra.c: the `duration` timer), not when its track stops. A run sounds
    /// unless a pre-empting feedback runs on its engine; a pre-empting one silences the others
    /// there. The light shows until the feedback ends: with its last run, or, with no run, when
    /// ended.
    private func start(
        _ id: UInt32, _ timelines: [(timeline: FeedbackTimeline, engine: HapticEngine)], client: String, timeout: Int32,
        signalled: Bool, endsWithClient: Bool, priority: FeedbackPriority, light: (led: LedFeedback, bars: [LightBar])? = nil
    ) -> Bool {
        guard !timelines.isEmpty || light != nil else { return false }
        let now = MonotonicInstant.now
        registry.started(
            id, client: client, runEnds: timelines.map { now + $0.timeline.end }, repeats: timeout != -1,
            deadline: timeout > 0 ? now + .seconds(timeout) : nil, signalled: signalled, endsWithClient: endsWithClient)
        runs[id] = timelines.map { timeline, engine in
            let decision = arbitration.start(id, priority, on: ObjectIdentifier(engine))
            for other in decision.silences { silence(other, on: engine) }
            return Run(timeline: timeline, engine: engine, playback: decision.sounds ? play(timeline, on: engine, for: id) : nil)
        }
        if let light { lights.start(id, light.led, on: light.bars, now: now) }
        return true
    }

    /// Stops the playbacks of feedback `id` on `engine`: a pre-empting feedback started there.
    private func silence(_ id: UInt32, on engine: HapticEngine) {
        for index in runs[id]?.indices ?? 0..<0 where runs[id]?[index].engine === engine {
            runs[id]?[index].playback?.stop()
            runs[id]?[index].playback = nil
        }
    }

    /// The feedbacks silenced on the engines in `released` sound again: the runs of those that
    /// loop start again at once; the others stay silent until their runs end, when they end.
    private func resume(_ released: [ObjectIdentifier: [UInt32]]) {
        let now = MonotonicInstant.now
        for (pad, ids) in released {
            for id in ids {
                guard let entry = registry.entries[id], entry.repeats, !entry.expired else { continue }
                for index in runs[id]?.indices ?? 0..<0 {
                    guard let run = runs[id]?[index], ObjectIdentifier(run.engine) == pad, entry.runEnds[index] != nil,
                        run.timeline.end > .zero
                    else { continue }
                    runs[id]?[index].playback = play(run.timeline, on: run.engine, for: id)
                    registry.restarted(id, index: index, until: now + run.timeline.end)
                }
            }
        }
    }

    /// Plays one run of `timeline` on `engine`; a failed playback ends feedback `id`.
    private func play(_ timeline: FeedbackTimeline, on engine: HapticEngine, for id: UInt32) -> PlaybackHandle? {
        guard timeline.track.duration > .zero else { return nil }
        let handle = engine.play(timeline.track)
        let mailbox = self.mailbox
        handle.whenFinished { outcome in
            if case .failed(let error) = outcome {
                mailbox.post(.playbackFailed(id, EngineStopReason(driverError: error), Advice.message(for: error)))
            }
        }
        return handle
    }

    // MARK: - Ending

    /// Ends `id` at once for `reason` and signals it, as `fbd_event_end_feedbacks` in
    /// src/fbd-event.c does (the motors stop, `FeedbackEnded` goes out before the reply).
    func end(_ id: UInt32, _ reason: EndReason) {
        guard let entry = registry.end(id) else { return }
        for run in runs[id] ?? [] { run.playback?.stop() }
        forget(id)
        if entry.signalled { bus.emitFeedbackEnded(id: id, reason: reason.rawValue) }
    }

    /// Ends every running feedback, in the order of their ids.
    func endAll() {
        for id in registry.entries.keys.sorted() { end(id, .explicit) }
    }

    /// Ends feedback `id`, whose playback failed with `message`, stopping its engine for
    /// `reason`, if it still runs: with the end reason `reason` maps to.
    func playbackFailed(_ id: UInt32, reason: EngineStopReason, message: String) {
        guard registry.entries[id] != nil else { return }
        let ending = EndReason(reason)
        log("hapticsd: feedback \(id) ended with reason \(ending.rawValue), its engine stopped (\(reason.name)): \(message)")
        end(id, ending)
    }

    /// Drops what was kept for `id`, which ended, and lets what it silenced sound again; a
    /// last pulse lengthened past the feedback's end plays out, except on a pad whose silenced
    /// feedbacks take it back: there what is left of it (that pulse, or the last milliseconds
    /// its engine's clock still gives it) stops, so the two never mix.
    private func forget(_ id: UInt32) {
        let ended = runs[id] ?? []
        runs[id] = nil
        lights.end(id, now: .now)
        if let key = keyed.first(where: { $0.value == id })?.key { keyed[key] = nil }
        let released = arbitration.end(id)
        for run in ended where released[ObjectIdentifier(run.engine)] != nil { run.playback?.stop() }
        resume(released)
    }

    // MARK: - Time and clients

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
                let sounds = arbitration.sounds(run.id, on: ObjectIdentifier(played.engine))
                runs[run.id]?[run.index].playback = sounds ? play(timeline, on: played.engine, for: run.id) : nil
                registry.restarted(run.id, index: run.index, until: now + timeline.end)
            } else if let entry = registry.finished(run.id, index: run.index) {
                forget(run.id)
                if entry.signalled { bus.emitFeedbackEnded(id: run.id, reason: EndReason.natural.rawValue) }
            }
        }
        lights.advance(now: now)
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
    func isPlaying(_ engine: HapticEngine) -> Bool {
        runs.values.contains { $0.contains { $0.engine === engine } }
    }
}

/// One run of a running feedback: the timeline it plays, the engine it plays on, and its
/// playback in progress (`nil` for a silent run).
private struct Run {
    var timeline: FeedbackTimeline
    var engine: HapticEngine
    var playback: PlaybackHandle?
}
