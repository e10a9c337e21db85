import CKernelTestSupport
import VirtualDevices

/// What a force-feedback device does with the requests a uinput pad received, as the kernel's
/// memoryless helper (`drivers/input/ff-memless.c`) plays them on hardware: a play request
/// starts an effect `delay` ms later for `length` ms (0: until stopped); a stop, an erase, or
/// playing it again ends the run in progress; an upload to a playing effect restarts its
/// timing with the new values. A periodic effect's envelope ramps from its attack level to its
/// magnitude over the attack length, in the helper's steps (`FF_ENVELOPE_INTERVAL`, 50 ms: the
/// level set at a step holds until the next); the gain scales everything.
///
/// The result is the pulses a person would feel: the stretches where some effect plays at a
/// level above zero, stretches less than `joinedGap` apart (a daemon's consecutive frames, or
/// an effect replayed as its last run ends) joined.
struct DeviceTimeline: Sendable {
    /// One stretch of vibration.
    struct Pulse: Sendable, CustomStringConvertible {
        /// When it starts, in milliseconds from the timeline's origin.
        var start: Double
        /// When it ends.
        var end: Double
        /// Its strength (0...1 of the device's full force, gain applied) at a quarter, half and
        /// three quarters of its length and just before its end.
        var levels: [Double]

        /// `start–end ms @levels`.
        var description: String {
            let shown = levels.map { String(Int(($0 * 100).rounded())) }.joined(separator: "/")
            return "\(Int(start.rounded()))–\(Int(end.rounded())) ms @\(shown)%"
        }
    }

    /// One effect playing: from `start` to `end` (nil: not ended), with the values it was
    /// started with.
    private struct Run {
        var start: Double
        var end: Double?
        let effect: VirtualGamepad.Effect
        let gain: Double
        /// When the effect started playing, where its envelope starts.
        let playStart: Double
    }

    /// How often ff-memless sets an envelope's level anew, in milliseconds
    /// (`FF_ENVELOPE_INTERVAL`, drivers/input/ff-memless.c).
    static let envelopeStep = 50.0

    /// The longest gap two stretches may leave and still make one pulse, in milliseconds: no
    /// motor spins down, nor a person feels a pause, in that time.
    static let joinedGap = 5.0

    /// The pulses, in order.
    let pulses: [Pulse]

    /// The timeline of `records`, with times in milliseconds from `origin`; the gain in force
    /// before the first record is `gain` (0...1). Runs still going at `horizon` end there.
    init(records: [VirtualGamepad.Stamped], origin: Duration, gain initialGain: Double, horizon: Duration) {
        func milliseconds(_ at: Duration) -> Double { (at - origin).inMilliseconds }
        var effects: [Int16: VirtualGamepad.Effect] = [:]
        var playing: [Int16: Int] = [:]
        var runs: [Run] = []
        var gain = initialGain
        func end(_ id: Int16, at time: Double) {
            guard let index = playing.removeValue(forKey: id) else { return }
            runs[index].end = min(runs[index].end ?? time, time)
        }
        func start(_ id: Int16, at time: Double) {
            guard let effect = effects[id] else { return }
            let begin = time + Double(effect.delay)
            runs.append(
                Run(
                    start: begin, end: effect.length == 0 ? nil : begin + Double(effect.length), effect: effect, gain: gain,
                    playStart: begin))
            playing[id] = runs.count - 1
        }
        for stamped in records {
            let time = milliseconds(stamped.at)
            switch stamped.record {
            case .upload(let id, _, _, _, _):
                guard let effect = stamped.effect else { continue }
                effects[id] = effect
                if playing[id] != nil {
                    end(id, at: time)
                    start(id, at: time)
                }
            case .play(let code, let value):
                let id = Int16(truncatingIfNeeded: code)
                end(id, at: time)
                if value > 0 { start(id, at: time) }
            case .erase(let id):
                end(id, at: time)
                effects[id] = nil
            case .gain(let value):
                gain = Double(value) / 0xFFFF
            }
        }
        let last = milliseconds(horizon)
        let finished = runs.map { run in
            var run = run
            run.end = min(run.end ?? last, last)
            return run
        }
        .filter { $0.end! > $0.start }
        self.pulses = Self.pulses(of: finished)
    }

    /// The level of `run` at `time` (0...1).
    private static func level(of run: Run, at time: Double) -> Double {
        let effect = run.effect
        let full: Double
        switch Int32(effect.type) {
        case FF_RUMBLE:
            full = Double(max(effect.strong, effect.weak)) / 0xFFFF
        case FF_PERIODIC:
            let magnitude = Double(abs(Int(effect.magnitude))) / 0x7FFF
            let elapsed = ((time - run.playStart) / envelopeStep).rounded(.down) * envelopeStep
            if effect.attackLength > 0, elapsed < Double(effect.attackLength) {
                let attack = Double(effect.attackLevel) / 0x7FFF
                full = attack + (magnitude - attack) * elapsed / Double(effect.attackLength)
            } else {
                full = magnitude
            }
        default:
            full = 0
        }
        return full * run.gain
    }

    /// The strongest level any of `runs` plays at `time`.
    private static func level(of runs: [Run], at time: Double) -> Double {
        runs.filter { $0.start <= time && time < $0.end! }.map { level(of: $0, at: time) }.max() ?? 0
    }

    /// `run` from the first envelope step at which its level is above zero (nil: never).
    private static func audible(_ run: Run) -> Run? {
        var run = run
        while level(of: run, at: run.start) <= 0 {
            let next = run.playStart + (((run.start - run.playStart) / envelopeStep).rounded(.down) + 1) * envelopeStep
            guard next < run.end!, Int32(run.effect.type) == FF_PERIODIC else { return nil }
            run = Run(start: next, end: run.end, effect: run.effect, gain: run.gain, playStart: run.playStart)
        }
        return run
    }

    /// The stretches of `runs` with a level above zero, gaps up to `joinedGap` closed.
    private static func pulses(of runs: [Run]) -> [Pulse] {
        let audible = runs.compactMap(audible).sorted { $0.start < $1.start }
        var spans: [(start: Double, end: Double)] = []
        for run in audible {
            if let last = spans.last, run.start <= last.end + joinedGap {
                spans[spans.count - 1].end = max(last.end, run.end!)
            } else {
                spans.append((run.start, run.end!))
            }
        }
        return spans.map { span in
            let length = span.end - span.start
            let points = [0.25, 0.5, 0.75].map { span.start + length * $0 } + [span.end - min(1, length / 2)]
            return Pulse(start: span.start, end: span.end, levels: points.map { level(of: audible, at: $0) })
        }
    }
}
