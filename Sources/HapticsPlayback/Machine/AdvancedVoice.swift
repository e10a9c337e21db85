import HapticsModel

/// One advanced player's playback inside the mixer: its pattern sampled step by step at a
/// position that moves with the machine's time (at `rate`), under live controls; commands
/// take effect at the times they were scheduled for. A pure value: times are offsets from
/// the player's start, as everywhere in `PlaybackStateMachine`.
///
/// Between two forced boundaries (a command's time, the end of a pass) the position moves
/// linearly, so levels and boundaries there can be worked out ahead; at a forced boundary the
/// machine calls `advance(to:)`, which applies what is due.
struct AdvancedVoice: Sendable {
    /// Something to do at a given time.
    enum Command: Sendable {
        /// Begin the run `run` at the start offset (0, or where `seek` put it); a run still
        /// going ends `.stopped`.
        case start(run: UInt64)
        /// End the run `.stopped`.
        case stop
        /// Hold the position, motors off.
        case pause
        /// Go on from the held position.
        case resume
        /// Move to this offset in the pattern.
        case seek(Duration)
        /// Set a live control to a value.
        case set(ParameterCurve.Control, Double)
        /// Let a live control follow a curve from now (its points' times from now).
        case follow(ParameterCurve)
    }

    /// Where the playback is.
    enum Phase: Sendable, Equatable {
        /// No run is playing.
        case idle
        /// Playing: at `since` the position was `from`.
        case playing(since: Duration, from: Duration)
        /// Paused at `offset`.
        case paused(offset: Duration)
    }

    /// A live control: a value, or a curve followed since a time.
    private struct LiveControl: Sendable {
        var value: Double
        var curve: (since: Duration, curve: ParameterCurve)?

        func value(at time: Duration) -> Double {
            guard let (since, curve) = curve else { return value }
            return curve.value(at: (time - since).inSeconds)
        }
    }

    private struct Scheduled: Sendable {
        let time: Duration
        let command: Command
    }

    let sampler: PatternSampler
    /// The pattern's length: to the end of its last step.
    let length: Duration
    private(set) var phase = Phase.idle
    /// The run playing or paused.
    private(set) var run: UInt64?
    /// How fast the position moves: 0.25...4.
    private(set) var rate = 1.0
    /// Keeps time but sends silence.
    var isMuted = false
    /// Whether a pass ends by going back to `loopStart`.
    var loopEnabled = false
    /// Where a loop starts again.
    var loopStart = Duration.zero
    /// Where a loop ends; zero for the pattern's end.
    var loopEnd = Duration.zero
    /// How many passes a looping run plays: `.count(n)` ends it `.completed` at the end of
    /// its nth, `.forever` goes on until it is stopped.
    var loopRepetition = Repetition.forever
    /// The passes the run playing has finished.
    private var passes = 0
    /// Where the next start begins.
    private var startOffset = Duration.zero
    private var scheduled: [Scheduled] = []
    private var controls: [ParameterCurve.Control: LiveControl] = [:]
    private var times: [PatternSampler.EnvelopeTimes]
    /// The step the last `advance` found the position in.
    private var currentStep: Int?

    /// The lowest and highest rates.
    static let rates: ClosedRange<Double> = 0.25...4

    /// `rate` brought into `rates`; NaN as 1.
    static func clampedRate(_ rate: Double) -> Double {
        min(max(rate.isNaN ? 1 : rate, rates.lowerBound), rates.upperBound)
    }

    init(sampler: PatternSampler) {
        self.sampler = sampler
        length = sampler.settings.step * sampler.stepCount
        times = sampler.authoredTimes
    }

    /// The runs that will end if the voice goes away: the one playing and those waiting to
    /// start.
    var runs: [UInt64] {
        (run.map { [$0] } ?? []) + scheduled.compactMap { if case .start(let run) = $0.command { run } else { nil } }
    }

    /// Whether its position moves (muted or not).
    var isPlaying: Bool {
        if case .playing = phase { true } else { false }
    }

    /// Whether its position moves or something is scheduled.
    var isActive: Bool { phase != .idle || !scheduled.isEmpty }

    /// Schedules `command` for `time`, after those already scheduled for then.
    mutating func schedule(_ command: Command, at time: Duration) {
        let index = scheduled.firstIndex { $0.time > time } ?? scheduled.endIndex
        scheduled.insert(Scheduled(time: time, command: command), at: index)
    }

    /// Changes the rate at `time` (clamped to `rates`), keeping the position.
    mutating func setRate(_ rate: Double, at time: Duration) {
        let rate = Self.clampedRate(rate)
        if case .playing = phase, let offset = offset(at: time) { phase = .playing(since: time, from: offset) }
        self.rate = rate
    }

    /// Ends every run `.stopped` now: the one playing and those scheduled.
    mutating func stopEverything() -> [UInt64] {
        let ended = runs
        scheduled.removeAll()
        phase = .idle
        run = nil
        return ended
    }

    /// The position in the pattern at `time`, while playing or paused.
    func offset(at time: Duration) -> Duration? {
        switch phase {
        case .idle: nil
        case .paused(let offset): offset
        case .playing(let since, let from): from + (time - since) * rate
        }
    }

    /// The time of the next forced boundary after `time`: a scheduled command, or the end of
    /// the pass.
    func forcedBoundary(after time: Duration) -> Duration? {
        let command = scheduled.first?.time
        guard let end = passEndTime, end > time else { return command }
        return command.map { min($0, end) } ?? end
    }

    /// Whether a frame must end at `time`: a command is scheduled for it, or the pass ends.
    func isForcedBoundary(_ time: Duration) -> Bool {
        passEndTime == time || scheduled.contains { $0.time == time }
    }

    /// Applies everything due by `time`, in time order, and returns the runs that ended,
    /// with how.
    mutating func advance(to time: Duration) -> [(run: UInt64, outcome: PlaybackOutcome)] {
        var ended: [(UInt64, PlaybackOutcome)] = []
        var jumped = false
        while true {
            let command = scheduled.first.flatMap { $0.time <= time ? $0 : nil }
            if let end = passEndTime, end <= time, command.map({ end <= $0.time }) ?? true {
                if loopEnabled && !isLastPass {
                    passes += 1
                    phase = .playing(since: end, from: loopRange.lowerBound)
                    jumped = true
                } else if let finished = run {
                    phase = .idle
                    run = nil
                    startOffset = .zero
                    ended.append((finished, .completed))
                }
                continue
            }
            guard let command else { break }
            scheduled.removeFirst()
            if apply(command.command, at: command.time, ended: &ended) { jumped = true }
        }
        latchTimes(at: time, jumped: jumped)
        return ended
    }

    /// Both motors' levels at `time`, which must lie before the next forced boundary.
    func levels(at time: Duration) -> MotorLevels {
        guard !isMuted, case .playing = phase, let offset = offset(at: time), offset >= .zero, let step = stepIndex(at: time) else {
            return .off
        }
        guard step < sampler.stepCount else { return .off }
        let patternTime = sampler.sampleTime(ofStep: step)
        return sampler.levels(
            step: step,
            events: sampler.events(inStep: step),
            intensityControl: sampler.intensityControl(at: patternTime) * live(.intensity, at: time),
            sharpnessControl: sampler.sharpnessControl(at: patternTime) + live(.sharpness, at: time),
            times: times
        )
    }

    /// The first time after `time` at which the levels may change: the next step, or a
    /// forced boundary.
    func nextBoundary(after time: Duration) -> Duration? {
        let forced = forcedBoundary(after: time)
        guard case .playing(let since, let from) = phase, let index = stepIndex(at: time) else { return forced }
        let step = sampler.settings.step
        var next = step * (index + 1)
        var boundary = since + (next - from) / rate
        while boundary <= time {
            next += step
            boundary = since + (next - from) / rate
        }
        return forced.map { min($0, boundary) } ?? boundary
    }

    /// The step the position is in at `time`, while playing or paused. While playing, a step
    /// begins at the time `nextBoundary(after:)` gives for it (its offset less `from`, divided
    /// by the rate, after `since`): the position at that time, multiplied back, may fall short
    /// of the step's offset by a rounding, which must not leave the time in the step before.
    private func stepIndex(at time: Duration) -> Int? {
        guard let offset = offset(at: time) else { return nil }
        let step = sampler.settings.step
        var index = Int((offset / step).rounded(.down))
        guard case .playing(let since, let from) = phase else { return index }
        if since + (step * (index + 1) - from) / rate <= time {
            index += 1
        } else if index > 0, since + (step * index - from) / rate > time {
            index -= 1
        }
        return index
    }

    /// The range a pass plays: the loop range while looping, else the whole pattern.
    private var loopRange: Range<Duration> {
        let end = loopEnd > .zero ? min(loopEnd, length) : length
        let start = min(max(loopStart, .zero), end)
        return start..<end
    }

    /// Whether the pass playing is the run's last while looping.
    private var isLastPass: Bool {
        guard case .count(let count) = loopRepetition else { return false }
        return passes + 1 >= count
    }

    /// When the position reaches the end of the pass, while playing.
    private var passEndTime: Duration? {
        guard case .playing(let since, let from) = phase else { return nil }
        let end = loopEnabled ? loopRange.upperBound : length
        guard loopEnabled ? loopRange.upperBound > loopRange.lowerBound : true else { return nil }
        return from >= end ? since : since + (end - from) / rate
    }

    private func live(_ control: ParameterCurve.Control, at time: Duration) -> Double {
        let value = controls[control]?.value(at: time) ?? control.neutralValue
        return min(max(value.isNaN ? control.neutralValue : value, control.range.lowerBound), control.range.upperBound)
    }

    /// Applies one command; returns whether the position jumped.
    private mutating func apply(_ command: Command, at time: Duration, ended: inout [(UInt64, PlaybackOutcome)]) -> Bool {
        switch command {
        case .start(let newRun):
            if let old = run { ended.append((old, .stopped)) }
            run = newRun
            passes = 0
            phase = .playing(since: time, from: startOffset)
            startOffset = .zero
            return true
        case .stop:
            if let old = run { ended.append((old, .stopped)) }
            run = nil
            phase = .idle
            startOffset = .zero
        case .pause:
            if case .playing = phase, let offset = offset(at: time) { phase = .paused(offset: offset) }
        case .resume:
            if case .paused(let offset) = phase { phase = .playing(since: time, from: offset) }
        case .seek(let offset):
            let offset = min(max(offset, .zero), length)
            switch phase {
            case .idle: startOffset = offset
            case .paused: phase = .paused(offset: offset)
            case .playing: phase = .playing(since: time, from: offset)
            }
            return true
        case .set(let control, let value):
            controls[control] = LiveControl(value: value)
        case .follow(let curve):
            controls[curve.control] = LiveControl(value: curve.control.neutralValue, curve: (time, curve))
        }
        return false
    }

    /// Gives the events not yet begun (from the current step on after a jump, after it
    /// otherwise) the envelope times under the time controls in force now.
    private mutating func latchTimes(at time: Duration, jumped: Bool) {
        guard let step = stepIndex(at: time).map({ max($0, 0) }) else { return }
        let first = (jumped || currentStep.map { step < $0 } == true) ? step : step + 1
        currentStep = step
        let live = PatternSampler.TimeControls(
            attack: live(.attackTime, at: time), decay: live(.decayTime, at: time), release: live(.releaseTime, at: time))
        for index in sampler.order where sampler.spans[index].start >= first {
            let event = sampler.pattern.events[index]
            let authored = sampler.timeControls(at: event.time)
            times[index] = PatternSampler.times(
                of: event,
                under: PatternSampler.TimeControls(
                    attack: authored.attack + live.attack, decay: authored.decay + live.decay, release: authored.release + live.release
                ))
        }
    }
}
