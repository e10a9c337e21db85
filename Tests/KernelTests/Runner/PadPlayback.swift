import Glibc
import Haptics
import HapticsEvdev
import HapticsTesting
import VirtualDevices

/// Plays rumble on a uhid pad through the evdev driver and checks what reached its motors.
///
/// What reaches a real pad is not what the driver wrote, frame for frame: the kernel's
/// memless force-feedback helper applies a play on its next timer tick, the pad's driver
/// sends the levels from a work item that reads the latest ones, and either may send the
/// same levels twice. So levels that follow each other within a few milliseconds merge, and
/// only the sequence of distinct levels means something. Playback runs on the real clock, as
/// a user's program would (a manual clock would hand the driver every frame at once, and
/// the merging would leave nothing to check); every frame then lasts its 10 ms or more, and
/// what is guaranteed, and checked, is:
/// - every level the pad reports is one the driver was given, in the order it was given: no
///   stale level after a newer one, no level nobody sent, no stop in the middle of a level;
/// - the first sounding level reaches the pad (nothing else is queued then);
/// - every level held for the pad's `surelyReported` or more reaches it (100 ms, 25 ticks of
///   the 250 Hz kernel, for most pads; longer where the driver paces its packets), merged away
///   only if the guest stalled that long;
/// - the pad ends, and stays, silent.
enum PadPlayback {
    /// One track played: the frames the driver was given and what the pad reported meanwhile.
    typealias Run = (frames: [RumbleFrame], reports: [(at: Duration, levels: MotorLevels)])

    /// The time the evdev driver adds to each effect's length (`RumbleEffect.guardTime`): a
    /// frame handed over later than that after the previous one ended finds its effect stopped.
    static let guardTime = Duration.milliseconds(50)

    /// How many times a run the guest played late is played again before the test gives up.
    static let attempts = 3

    /// Plays the tracks one after the other on the real clock, through one evdev driver as an
    /// app would, waiting after each for the pad to fall silent. A run in which the guest
    /// handed a frame over later than the previous effect's guard (a VM stall: the kernel then
    /// rightly stops the effect, and the pad shows a silence the pattern does not have) is
    /// played again, with a note, up to `attempts` times.
    static func play(_ tracks: [RumbleTrack], on pad: any VirtualRumblePad) async throws -> [Run] {
        let recorder = RecordingDriver()
        let timing = FrameTimingDriver()
        let driver = EvdevDriver(selection: .path(pad.node))
        defer { driver.close() }
        let engine = HapticEngine(driver: FanOutDriver([driver, recorder, timing]))
        try await engine.start()
        var runs: [Run] = []
        for track in tracks {
            for attempt in 1...attempts {
                recorder.reset()
                timing.reset()
                let start = pad.motorReports.count
                let outcome = await engine.play(track).finished()
                if case .failed(let error)? = outcome { throw TestFailure(description: "playback failed: \(error)") }
                let run = (recorder.frames, settle(pad, from: start))
                let late = lateness(of: run.0, appliedAt: timing.applied)
                if late == nil || attempt == attempts {
                    runs.append(run)
                    break
                }
                print(
                    "note: the guest handed a frame over \(Int(late?.inMilliseconds ?? 0)) ms after its effect ended; playing the run again"
                )
            }
        }
        return runs
    }

    /// How long after the previous sounding frame's effect ended (its duration plus the guard)
    /// a frame was handed over, at worst; nil when every frame came in time.
    static func lateness(of frames: [RumbleFrame], appliedAt times: [Duration]) -> Duration? {
        let late = zip(zip(frames, times), zip(frames, times).dropFirst()).compactMap { previous, next -> Duration? in
            guard !previous.0.isSilent else { return nil }
            let overdue = next.1 - previous.1 - previous.0.duration - guardTime
            return overdue > .zero ? overdue : nil
        }
        return late.max()
    }

    /// Waits for the pad to report silence after its first `start` reports, with no sounding
    /// level for the pad's `backlog` (a driver that queues levels may still be sending the
    /// run's last ones), then a little longer, so that a late report (a stuck or stale level)
    /// lands in this run and not the next; returns the reports after `start`.
    static func settle(_ pad: any VirtualRumblePad, from start: Int) -> [(at: Duration, levels: MotorLevels)] {
        let backlog = type(of: pad).backlog
        let waitingSince = Monotonic.now
        _ = Monotonic.wait(upTo: .seconds(1) + backlog) {
            let reports = pad.motorReports.dropFirst(start)
            guard reports.last?.levels == .off else { return false }
            let lastSounding = reports.last { $0.levels != .off }?.at ?? waitingSince
            return Monotonic.now - max(lastSounding, waitingSince) >= backlog
        }
        usleep(20_000)
        return Array(pad.motorReports.dropFirst(start))
    }

    /// Checks the levels `pad` reported in `run` against the frames the driver was given
    /// (see the type's comment for why these are the guarantees).
    static func check(_ run: Run, on pad: any VirtualRumblePad, _ label: String) throws {
        // Both start from silence: the pad is silent before each run.
        var sent: [(level: MotorLevels, held: Duration)] = [(.off, .seconds(1))]
        for frame in run.frames {
            let level = levels(for: frame, on: pad)
            if sent[sent.count - 1].level == level {
                sent[sent.count - 1].held += frame.duration
            } else {
                sent.append((level, frame.duration))
            }
        }
        let levels = sent.map(\.level)
        let observed = distinct(run.reports.map(\.levels))
        let timeline = describe(run.reports)
        try expect(observed.last == .off, "\(label): the pad was left at \(observed.last ?? .off): \(timeline); sent \(levels)")
        try expect(
            isSubsequence(observed, of: levels),
            "\(label): the pad went through \(timeline), not in the order sent \(levels)")
        // The silence before, the first sounding level, those held long enough, the silence after.
        let required = collapsed(
            sent.indices.filter { $0 <= 1 || $0 == sent.count - 1 || sent[$0].held >= type(of: pad).surelyReported }.map { sent[$0].level })
        try expect(
            isSubsequence(required, of: observed),
            "\(label): the pad went through \(timeline), missing some of \(required) "
                + "(the first level and those held \(Int(type(of: pad).surelyReported.inMilliseconds)) ms)")
    }

    /// The levels the pad's driver sends for a frame: the evdev driver raises a level above
    /// zero that the pad's driver would round to nothing to the smallest magnitude of its first
    /// step, the memless helper scales each magnitude by the gain (`FF_GAIN`, which it always
    /// offers), then the pad's driver converts.
    static func levels(for frame: RumbleFrame, on pad: any VirtualRumblePad) -> MotorLevels {
        guard !frame.isSilent else { return .off }
        let padType = type(of: pad)
        func magnitude(_ level: Double) -> UInt32 {
            UInt32((min(max(level, 0), 1) * 65535).rounded())
        }
        /// The smallest magnitude the pad's driver does not turn into silence.
        func firstAudible(strong: Bool) -> UInt32 {
            var low: UInt32 = 1
            var high: UInt32 = 0xFFFF
            while low < high {
                let middle = (low + high) / 2
                let levels = strong ? padType.levels(strong: UInt16(middle), weak: 0) : padType.levels(strong: 0, weak: UInt16(middle))
                if (strong ? levels.strong : levels.weak) > 0 { high = middle } else { low = middle + 1 }
            }
            return low
        }
        func scaled(_ level: Double, strong: Bool) -> UInt16 {
            var uploaded = magnitude(level)
            if uploaded > 0 {
                let converted =
                    strong
                    ? padType.levels(strong: UInt16(uploaded), weak: 0).strong : padType.levels(strong: 0, weak: UInt16(uploaded)).weak
                if converted == 0 { uploaded = firstAudible(strong: strong) }
            }
            return UInt16(uploaded * magnitude(frame.gain) / 0xFFFF)
        }
        return padType.levels(strong: scaled(frame.strong, strong: true), weak: scaled(frame.weak, strong: false))
    }

    /// The levels the pad went through: repeats removed, after the silence it starts in.
    static func distinct(_ levels: [MotorLevels]) -> [MotorLevels] {
        collapsed([.off] + levels)
    }

    /// `levels` without consecutive repeats.
    static func collapsed(_ levels: [MotorLevels]) -> [MotorLevels] {
        levels.reduce(into: []) { result, level in
            if result.last != level { result.append(level) }
        }
    }

    /// Whether `part`'s levels all occur in `whole`, in order.
    static func isSubsequence(_ part: [MotorLevels], of whole: [MotorLevels]) -> Bool {
        var remaining = whole[...]
        for level in part {
            guard let index = remaining.firstIndex(of: level) else { return false }
            remaining = remaining[(index + 1)...]
        }
        return true
    }

    /// The distinct levels reported, each with when it first arrived from the first report.
    private static func describe(_ reports: [(at: Duration, levels: MotorLevels)]) -> String {
        guard let first = reports.first?.at else { return "nothing" }
        var parts: [String] = []
        var last: MotorLevels?
        for report in reports where report.levels != last {
            parts.append("\(report.levels)@\(Int((report.at - first).inMilliseconds))ms")
            last = report.levels
        }
        return parts.joined(separator: " ")
    }
}
