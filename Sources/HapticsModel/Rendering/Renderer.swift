/// Turns a pattern into a `RumbleTrack` that a dual-motor gamepad can play.
///
/// The pattern is sampled once per `settings.step`, at the middle of each step:
/// - an event covers the steps from its start to its end, both rounded to the nearest step;
///   a transient covers `minimumTransientPulse`, rounded up to whole steps;
/// - a continuous event's level is its intensity times its envelope: a linear ramp up over
///   `attackTime`, a linear fade to silence over `decayTime` after the attack when it is not
///   sustained, and a linear fade over the last `releaseTime` of its duration;
/// - the intensity control curve multiplies and the sharpness control curve adds, for every
///   event that `followsParameterCurves` (all but a `.haptic` clip's emphasis transients);
/// - the attack, decay and release time controls scale those times of the events that start
///   under them, by 4^value (a quarter at -1, four times at 1), taken at the event's start;
/// - the intensity becomes an amplitude through `settings.response`, and sharpness divides
///   it between the motors through `settings.split`;
/// - overlapping events add, and each motor is clamped to 1, as the kernel mixes effects.
///
/// Adjacent steps of equal levels merge into one frame; the track runs from zero to the end
/// of the last event.
///
/// With a pad (`settings.pad`), sharpness is spread as the pad's `SharpnessMapping` says, a
/// transient lasts at least the pad's shortest felt pulse, and the frames are then shaped to
/// the pad (`PadFitting`): levels on the pad's amplitude steps with nothing audible rounded
/// to silence, no sounding stretch shorter than the pad's shortest pulse (held into the
/// silence after it), and a held level cut into frames of the pad's `resendInterval`, so it
/// is sent again before the pad would drop it (the only case where neighbouring frames
/// repeat a level).
public struct Renderer: Sendable {
    /// The choices the renderer makes.
    public var settings: RenderSettings

    /// Creates a renderer with the given settings.
    public init(settings: RenderSettings = RenderSettings()) {
        self.settings = settings
    }

    /// Renders `pattern` into a track.
    public func render(_ pattern: HapticPattern) -> RumbleTrack {
        let sampler = PatternSampler(pattern: pattern, settings: settings)
        var intensityControl = ControlCursor(curves: pattern.curves.filter { $0.control == .intensity }, control: .intensity)
        var sharpnessControl = ControlCursor(curves: pattern.curves.filter { $0.control == .sharpness }, control: .sharpness)
        var frames: [RumbleFrame] = []
        var active: [Int] = []
        var next = 0
        for step in 0..<sampler.stepCount {
            while next < sampler.order.count, sampler.spans[sampler.order[next]].start <= step {
                active.append(sampler.order[next])
                next += 1
            }
            active.removeAll { sampler.spans[$0].end <= step }
            let time = sampler.sampleTime(ofStep: step)
            let levels = sampler.levels(
                step: step, events: active, intensityControl: intensityControl.value(at: time),
                sharpnessControl: sharpnessControl.value(at: time), times: sampler.authoredTimes
            )
            append(step: step, strong: levels.strong, weak: levels.weak, to: &frames)
        }
        guard let pad = settings.pad else { return RumbleTrack(contiguousFrames: frames) }
        return RumbleTrack(contiguousFrames: PadFitting.fit(frames, to: pad))
    }

    private func append(step: Int, strong: Double, weak: Double, to frames: inout [RumbleFrame]) {
        if let last = frames.last, last.strong == strong, last.weak == weak {
            frames[frames.count - 1].duration += settings.step
        } else {
            frames.append(RumbleFrame(start: settings.step * step, duration: settings.step, strong: strong, weak: weak))
        }
    }
}

/// Walks the curves of one control forward in time: the latest curve started rules.
private struct ControlCursor {
    let curves: [ParameterCurve]
    let control: ParameterCurve.Control
    var current = -1

    init(curves: [ParameterCurve], control: ParameterCurve.Control) {
        self.curves = curves
        self.control = control
    }

    mutating func value(at time: Double) -> Double {
        while current + 1 < curves.count, curves[current + 1].time <= time { current += 1 }
        guard current >= 0 else { return control.neutralValue }
        return curves[current].value(at: time)
    }
}
