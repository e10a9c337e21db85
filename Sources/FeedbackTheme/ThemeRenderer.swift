public import HapticsModel

/// Turns theme feedbacks into what the motors play, in two steps.
///
/// `timeline(for:)` is feedbackd's own timeline, rule for rule (each rule below names the
/// feedbackd function it reproduces): the levels feedbackd and the kernel give its vibra
/// motor, and the moment the feedback ends.
///
/// `render(_:)` plays that timeline on a gamepad. Two choices for a gamepad's motors are made
/// after the timeline and never move its end (a feedback ends when feedbackd's would):
/// - both motors run at the timeline's level, where feedbackd's rumble drives the strong motor
///   only (`weak_magnitude = 0`): a phone has one motor, a pad feels a plain rumble best on
///   both;
/// - a pulse shorter than the minimum pulse (`RenderSettings.minimumTransientPulse`, 40 ms by
///   default) is lengthened to it, up to the start of the next pulse: an eccentric-mass motor
///   does not spin up in less. A lengthened last pulse may run past the feedback's end.
public struct ThemeRenderer: Sendable {
    /// feedbackd's `replay.delay` for a `VibraPeriodic`, in milliseconds
    /// (`fbd_dev_vibra_periodic` in src/fbd-dev-vibra.c).
    public static let periodicDelay = 200
    /// How often the kernel's memoryless force feedback steps an envelope, in milliseconds
    /// (`FF_ENVELOPE_INTERVAL` in drivers/input/ff-memless.c).
    public static let envelopeStep = 50

    /// The renderer for patterns, and the source of the minimum pulse.
    public let renderer: Renderer
    /// feedbackd 0.8's `max-haptic-strength` setting: no level goes above it (1 plays
    /// everything as the theme says).
    public let maximumStrength: Double

    /// Creates a theme renderer on `renderer`, capping levels at `maximumStrength` (0...1).
    public init(renderer: Renderer = Renderer(), maximumStrength: Double = 1) {
        self.renderer = renderer
        self.maximumStrength = min(max(maximumStrength, 0), 1)
    }

    /// What a gamepad plays for one run of `feedback`: `timeline(for:)` on both motors, short
    /// pulses lengthened, the end unchanged.
    public func render(_ feedback: ThemeFeedback) -> FeedbackTimeline {
        let exact = timeline(for: feedback)
        if case .haptics = feedback { return exact }
        let minimum = renderer.settings.minimumTransientPulse
        var pulses = exact.track.frames.filter { !$0.isSilent }.map {
            RumbleFrame(start: $0.start, duration: $0.duration, strong: max($0.strong, $0.weak), weak: max($0.strong, $0.weak))
        }
        var index = 0
        while index < pulses.count {
            var last = index
            while last + 1 < pulses.count, pulses[last + 1].start == pulses[last].end { last += 1 }
            let start = pulses[index].start
            let next = last + 1 < pulses.count ? pulses[last + 1].start : nil
            if pulses[last].end - start < minimum {
                let end = next.map { min($0, start + minimum) } ?? start + minimum
                pulses[last].duration = end - pulses[last].start
            }
            index = last + 1
        }
        return FeedbackTimeline(track: RumbleTrack(frames: pulses), end: exact.end)
    }

    /// feedbackd's timeline for one run of `feedback`: the levels its vibra motor gets (0...1
    /// of the kernel's full scale, before the device's gain) and when the feedback ends.
    public func timeline(for feedback: ThemeFeedback) -> FeedbackTimeline {
        switch feedback {
        case .rumble(let duration, let count, let pause, let magnitude):
            return rumble(duration: duration, count: count, pause: pause, magnitude: magnitude)
        case .periodic(let duration, let magnitude, let fadeInTime, let fadeInLevel):
            return periodic(duration: duration, magnitude: magnitude, fadeInTime: fadeInTime, fadeInLevel: fadeInLevel)
        case .pattern(let steps):
            return pattern(steps)
        case .haptics(let reference):
            let track = track(for: reference)
            return FeedbackTimeline(track: track, end: track.duration)
        }
    }

    /// Reproduces `fbd_feedback_vibra_rumble_start_vibra` and `on_period_ended` in
    /// src/fbd-feedback-vibra-rumble.c (see `VibraRumbleTiming`) and `fbd_dev_vibra_rumble` in
    /// src/fbd-dev-vibra.c: each pulse is an `FF_RUMBLE` on the strong motor only, at the
    /// entry's magnitude (capped by `max-haptic-strength`, 0.8).
    private func rumble(duration: Duration, count: Int, pause: Duration, magnitude: Double) -> FeedbackTimeline {
        let timing = VibraRumbleTiming(duration: Self.milliseconds(duration), count: count, pause: Self.milliseconds(pause))
        let level = min(magnitude, maximumStrength)
        let frames = timing.pulses.map {
            RumbleFrame(start: .milliseconds($0.start), duration: .milliseconds($0.length), strong: level, weak: 0)
        }
        return FeedbackTimeline(track: RumbleTrack(frames: frames), end: .milliseconds(timing.end))
    }

    /// Reproduces `fbd_feedback_vibra_periodic_start_vibra` in src/fbd-feedback-vibra-periodic.c
    /// and `fbd_dev_vibra_periodic` in src/fbd-dev-vibra.c as the kernel plays it: an
    /// `FF_PERIODIC` effect with `replay.delay` 200 ms and an attack envelope from
    /// `fade-in-level` to the magnitude over `fade-in-time`. The kernel's memoryless code
    /// (`apply_envelope` and `calculate_next_time` in drivers/input/ff-memless.c) plays it on
    /// both motors and sets the level every 50 ms during the attack, each time to the straight
    /// line's value at that moment; the `duration` timer (src/fbd-feedback-vibra.c) stops it,
    /// so the motor runs from 200 ms to `duration`.
    private func periodic(duration: Duration, magnitude: Double, fadeInTime: Duration, fadeInLevel: Double) -> FeedbackTimeline {
        let end = Self.milliseconds(duration)
        let top = min(magnitude, maximumStrength)
        // 0.8: `fade_in_level = MIN (max_magnitude * fade_in_ratio, fade_in_level)`.
        let bottom = magnitude > 0 ? min(top * fadeInLevel / magnitude, fadeInLevel) : fadeInLevel
        let attack = Self.milliseconds(fadeInTime)
        var frames: [RumbleFrame] = []
        var elapsed = 0
        while elapsed < attack, Self.periodicDelay + elapsed < end {
            let level = bottom + (top - bottom) * Double(elapsed) / Double(attack)
            let start = Self.periodicDelay + elapsed
            let length = min(Self.envelopeStep, end - start)
            frames.append(RumbleFrame(start: .milliseconds(start), duration: .milliseconds(length), strong: level, weak: level))
            elapsed += Self.envelopeStep
        }
        let holdStart = Self.periodicDelay + elapsed
        if holdStart < end {
            frames.append(
                RumbleFrame(start: .milliseconds(holdStart), duration: .milliseconds(end - holdStart), strong: top, weak: top))
        }
        return FeedbackTimeline(track: RumbleTrack(frames: frames), end: .milliseconds(end))
    }

    /// Reproduces `do_pattern_step` and `on_timer_expired` in src/fbd-feedback-vibra-pattern.c
    /// (0.8): each step is an `FF_RUMBLE` on the strong motor at its magnitude (capped by
    /// `max-haptic-strength`) for its duration, a magnitude of 0 is a pause, and `set_durations`
    /// makes the feedback's duration the sum of the steps'.
    private func pattern(_ steps: [VibraStep]) -> FeedbackTimeline {
        var frames: [RumbleFrame] = []
        var start = 0
        for step in steps {
            let length = Self.milliseconds(step.duration)
            let level = min(step.magnitude, maximumStrength)
            if level > 0, length > 0 {
                frames.append(RumbleFrame(start: .milliseconds(start), duration: .milliseconds(length), strong: level, weak: 0))
            }
            start += length
        }
        return FeedbackTimeline(track: RumbleTrack(frames: frames), end: .milliseconds(start))
    }

    private func track(for reference: PatternReference) -> RumbleTrack {
        switch reference.source {
        case .preset(let preset):
            return renderer.render(preset.pattern.scaled(by: reference.intensity))
        case .ahap(_, let pattern), .haptic(_, let pattern):
            return renderer.render(pattern.scaled(by: reference.intensity))
        case .haptica(let haptica):
            var frames: [RumbleFrame] = []
            for (index, note) in haptica.notes.enumerated() {
                guard case .impact(let style) = note else { continue }
                let offset = haptica.slot * index
                let impact = renderer.render(Preset.impact(style).pattern.scaled(by: reference.intensity))
                frames += impact.frames.map {
                    RumbleFrame(start: $0.start + offset, duration: $0.duration, strong: $0.strong, weak: $0.weak)
                }
            }
            let end = haptica.slot * haptica.notes.count
            if let last = frames.last, last.end < end {
                frames.append(RumbleFrame(start: last.end, duration: end - last.end, strong: 0, weak: 0))
            }
            return RumbleTrack(frames: frames)
        }
    }

    /// `duration` in whole milliseconds, rounded down: feedbackd's durations are `guint`
    /// milliseconds.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
