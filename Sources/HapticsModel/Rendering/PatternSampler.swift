import HapticsPlatform

/// A pattern made ready to be sampled one step at a time, by the `Renderer` (every step in
/// order) and by an advanced player (any step, with live controls on top).
///
/// Step `k` covers `k * step ..< (k + 1) * step` of the pattern and is sampled at its
/// middle. See `Renderer` for the rules.
package struct PatternSampler: Sendable {
    /// The envelope times of one continuous event, in seconds, after the time controls.
    package struct EnvelopeTimes: Sendable, Hashable {
        package var attack: Double
        package var decay: Double
        package var release: Double
    }

    /// Values of the time controls (`HapticAttackTimeControl` and its siblings): exponents
    /// in -1...1, each scaling its time by 4^value.
    package struct TimeControls: Sendable, Hashable {
        package var attack = 0.0
        package var decay = 0.0
        package var release = 0.0

        /// Time controls with the given values, each 0 when left out.
        package init(attack: Double = 0, decay: Double = 0, release: Double = 0) {
            self.attack = attack
            self.decay = decay
            self.release = release
        }
    }

    package let pattern: HapticPattern
    package let settings: RenderSettings
    /// The steps each event covers, `start..<end`, by event index.
    package let spans: [(start: Int, end: Int)]
    /// Event indices in order of their first step.
    package let order: [Int]
    /// How many steps the pattern lasts: to the end of its last event.
    package let stepCount: Int
    /// Each event's envelope times under the pattern's own time-control curves, taken at the
    /// event's start.
    package let authoredTimes: [EnvelopeTimes]
    private let intensityCurves: [ParameterCurve]
    private let sharpnessCurves: [ParameterCurve]
    private let timeCurves: [ParameterCurve.Control: [ParameterCurve]]

    package init(pattern: HapticPattern, settings: RenderSettings) {
        self.pattern = pattern
        self.settings = settings
        let stepSeconds = settings.step.inSeconds
        let spans = pattern.events.map { Self.span(of: $0, stepSeconds: stepSeconds, settings: settings) }
        self.spans = spans
        order = spans.indices.sorted { spans[$0].start < spans[$1].start }
        stepCount = spans.map(\.end).max() ?? 0
        intensityCurves = pattern.curves.filter { $0.control == .intensity }
        sharpnessCurves = pattern.curves.filter { $0.control == .sharpness }
        let timeCurves = Dictionary(grouping: pattern.curves.filter(\.control.isTimeControl), by: \.control)
        self.timeCurves = timeCurves
        authoredTimes = pattern.events.map { event in
            Self.times(
                of: event,
                under: TimeControls(
                    attack: Self.value(of: timeCurves[.attackTime] ?? [], control: .attackTime, at: event.time),
                    decay: Self.value(of: timeCurves[.decayTime] ?? [], control: .decayTime, at: event.time),
                    release: Self.value(of: timeCurves[.releaseTime] ?? [], control: .releaseTime, at: event.time)
                ))
        }
    }

    /// The pattern time at the middle of step `step`, in seconds.
    package func sampleTime(ofStep step: Int) -> Double {
        (Double(step) + 0.5) * settings.step.inSeconds
    }

    /// The pattern's own intensity control at `time` (seconds): the latest curve started rules.
    package func intensityControl(at time: Double) -> Double {
        Self.value(of: intensityCurves, control: .intensity, at: time)
    }

    /// The pattern's own sharpness control at `time` (seconds).
    package func sharpnessControl(at time: Double) -> Double {
        Self.value(of: sharpnessCurves, control: .sharpness, at: time)
    }

    /// The pattern's own time controls at `time` (seconds).
    package func timeControls(at time: Double) -> TimeControls {
        TimeControls(
            attack: Self.value(of: timeCurves[.attackTime] ?? [], control: .attackTime, at: time),
            decay: Self.value(of: timeCurves[.decayTime] ?? [], control: .decayTime, at: time),
            release: Self.value(of: timeCurves[.releaseTime] ?? [], control: .releaseTime, at: time)
        )
    }

    /// The events sounding in step `step`, in order of their first step.
    package func events(inStep step: Int) -> [Int] {
        order.prefix { spans[$0].start <= step }.filter { spans[$0].end > step }
    }

    /// Both motors' levels in step `step` from `events` (those sounding in it), with the
    /// intensity control multiplying, the sharpness control adding (for the events that
    /// follow the curves), and each event's envelope times from `times`; each motor clamped
    /// to 1.
    package func levels(step: Int, events: [Int], intensityControl: Double, sharpnessControl: Double, times: [EnvelopeTimes]) -> MotorLevels
    {
        let time = sampleTime(ofStep: step)
        var strong = 0.0
        var weak = 0.0
        for index in events {
            let event = pattern.events[index]
            let envelope = event.envelope(
                at: time - event.time, attack: times[index].attack, decay: times[index].decay, release: times[index].release)
            let follows = event.followsParameterCurves
            let intensity = min(event.intensity * envelope * (follows ? intensityControl : 1), 1)
            guard intensity > 0 else { continue }
            let sharpness = min(max(event.sharpness + (follows ? sharpnessControl : 0), 0), 1)
            let amplitude = settings.response.amplitude(for: intensity)
            let shares = settings.shares(sharpness)
            strong += amplitude * shares.strong
            weak += amplitude * shares.weak
        }
        return MotorLevels(strong: min(strong, 1), weak: min(weak, 1))
    }

    /// An event's envelope times with the time controls `controls` applied.
    package static func times(of event: HapticEvent, under controls: TimeControls) -> EnvelopeTimes {
        EnvelopeTimes(
            attack: event.attackTime * scale(controls.attack),
            decay: event.decayTime * scale(controls.decay),
            release: event.releaseTime * scale(controls.release)
        )
    }

    /// 4^value, for a time-control value clamped to -1...1: a quarter to four times as long.
    private static func scale(_ value: Double) -> Double {
        let exponent = min(max(value.isNaN ? 0 : value, -1), 1)
        return exponent == 0 ? 1 : power(4, exponent)
    }

    /// The steps an event covers: `start..<end`.
    private static func span(of event: HapticEvent, stepSeconds: Double, settings: RenderSettings) -> (start: Int, end: Int) {
        let start = Int((event.time / stepSeconds).rounded())
        switch event.kind {
        case .transient:
            let pulse = Int((settings.transientPulse.inSeconds / stepSeconds).rounded(.up))
            return (start, start + max(pulse, 1))
        case .continuous(let duration):
            let end = Int(((event.time + duration) / stepSeconds).rounded())
            return (start, duration > 0 ? max(end, start + 1) : start)
        }
    }

    /// The value of one control's curves at `time`: the latest curve started rules, and
    /// before any, the control's neutral value.
    private static func value(of curves: [ParameterCurve], control: ParameterCurve.Control, at time: Double) -> Double {
        curves.last(where: { $0.time <= time })?.value(at: time) ?? control.neutralValue
    }
}
