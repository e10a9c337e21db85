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
/// - the intensity becomes an amplitude through `settings.response`, and sharpness divides
///   it between the motors through `settings.split`;
/// - overlapping events add, and each motor is clamped to 1, as the kernel mixes effects.
///
/// Adjacent steps of equal levels merge into one frame; the track runs from zero to the end
/// of the last event.
public struct Renderer: Sendable {
    /// The choices the renderer makes.
    public var settings: RenderSettings

    /// Creates a renderer with the given settings.
    public init(settings: RenderSettings = RenderSettings()) {
        self.settings = settings
    }

    /// Renders `pattern` into a track.
    public func render(_ pattern: HapticPattern) -> RumbleTrack {
        let stepSeconds = settings.step.inSeconds
        let spans = pattern.events.map { span(of: $0, stepSeconds: stepSeconds) }
        let order = spans.indices.sorted { spans[$0].start < spans[$1].start }
        let stepCount = spans.map(\.end).max() ?? 0
        var intensityControl = ControlCursor(curves: pattern.curves.filter { $0.control == .intensity }, control: .intensity)
        var sharpnessControl = ControlCursor(curves: pattern.curves.filter { $0.control == .sharpness }, control: .sharpness)

        var frames: [RumbleFrame] = []
        var active: [Int] = []
        var next = 0
        for step in 0..<stepCount {
            while next < order.count, spans[order[next]].start <= step {
                active.append(order[next])
                next += 1
            }
            active.removeAll { spans[$0].end <= step }
            let time = (Double(step) + 0.5) * stepSeconds
            let gainControl = intensityControl.value(at: time)
            let sharpnessOffset = sharpnessControl.value(at: time)
            var strong = 0.0
            var weak = 0.0
            for index in active {
                let event = pattern.events[index]
                let follows = event.followsParameterCurves
                let intensity = min(event.intensity * event.envelope(at: time - event.time) * (follows ? gainControl : 1), 1)
                guard intensity > 0 else { continue }
                let sharpness = min(max(event.sharpness + (follows ? sharpnessOffset : 0), 0), 1)
                let amplitude = settings.response.amplitude(for: intensity)
                strong += amplitude * settings.split.strongShare(sharpness)
                weak += amplitude * settings.split.weakShare(sharpness)
            }
            append(step: step, strong: min(strong, 1), weak: min(weak, 1), to: &frames)
        }
        return RumbleTrack(contiguousFrames: frames)
    }

    private func append(step: Int, strong: Double, weak: Double, to frames: inout [RumbleFrame]) {
        if let last = frames.last, last.strong == strong, last.weak == weak {
            frames[frames.count - 1].duration += settings.step
        } else {
            frames.append(RumbleFrame(start: settings.step * step, duration: settings.step, strong: strong, weak: weak))
        }
    }

    /// The steps an event covers: `start..<end`.
    private func span(of event: HapticEvent, stepSeconds: Double) -> (start: Int, end: Int) {
        let start = Int((event.time / stepSeconds).rounded())
        switch event.kind {
        case .transient:
            let pulse = Int((settings.minimumTransientPulse.inSeconds / stepSeconds).rounded(.up))
            return (start, start + max(pulse, 1))
        case .continuous(let duration):
            let end = Int(((event.time + duration) / stepSeconds).rounded())
            return (start, duration > 0 ? max(end, start + 1) : start)
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
