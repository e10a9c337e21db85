import HapticsModel

/// The DualSense's voice coils over Bluetooth, as one stream of reports 0x32
/// (`DualSenseHapticsReport`) paced by the clock: what the frames played become, report by
/// report.
///
/// Each frame is rendered for the voice coils (`VoiceCoilFeed`: the synthesizer's waveform at
/// 48 kHz, a late next frame held, a silent one ramped to rest), resampled to 3 kHz 8-bit
/// (`DualSenseHapticsReport.resample`), 32 sample frames per report, the counter and the
/// sequence number +1 per report. The stream keeps a playhead: when the samples of the next
/// report start playing on the pad, one `DualSenseHapticsReport.period` (10 2/3 ms) per
/// report. A report goes out as soon as what was written reaches no further than `lead` past
/// now, so between one and two reports (10.7 to 21.3 ms) are always written ahead; a wake-up
/// that comes late finds the playhead in the past and writes the reports it missed at once (up
/// to `catchUp`). No sample is ever skipped. Once the frames have come to rest, one all-silent
/// report ends the stream.
///
/// Pure: the time is passed in; the family asks the driver for a wake-up at `nextDue`.
struct DualSenseVoiceCoils: Sendable {
    /// The least that stays written ahead of now: one report, 10 2/3 ms, on top of the report
    /// playing. That report of margin covers a wake-up that comes late (a timer on a loaded
    /// machine) and the Bluetooth stack's queue; more would delay every frame by as much.
    static let lead = DualSenseHapticsReport.period

    /// How far behind now the playhead may fall and still be caught up with: ten reports,
    /// 106 2/3 ms. A wake-up that comes late (a loaded machine) writes the reports it missed at
    /// once, so the samples keep the frames' timing and a frame applied next does not cut the
    /// one before short; after a longer stall (a process stopped, a machine suspended) the
    /// playhead restarts that far behind now, and the stream runs later than the frames by the
    /// rest.
    static let catchUp = DualSenseHapticsReport.period * 10

    /// The all-silent report the guardian and `close` write, sequence and counter 0: the
    /// reverse-engineered streams start their counters anywhere, so a pad killed mid-stream is
    /// sent silence under any counter (the emulator in the kernel tests accepts any).
    static let silence = DualSenseHapticsReport(sequence: 0, counter: 0, samples: []).bytes

    /// The synthesizer's sample rate, 16 times the report's.
    static let sourceRate = 48_000
    /// The synthesizer's sample frames per report.
    static let sourceFramesPerReport = DualSenseHapticsReport.framesPerReport * sourceRate / DualSenseHapticsReport.sampleRate

    /// Whether the left actuator plays.
    let left: Bool
    /// Whether the right actuator plays.
    let right: Bool
    private var feed = VoiceCoilFeed(sampleRate: sourceRate)
    private var counter: UInt8 = 0
    private var sequence: UInt8 = 0
    /// When the next report's samples start playing, or `nil` while the stream is stopped.
    private var playhead: Duration?

    /// A stream for the handles in `parts` (left actuator for the left handle, right for the
    /// right one).
    init(parts: Set<PadPart>) {
        left = parts.contains(.leftHandle)
        right = parts.contains(.rightHandle)
    }

    /// Whether the stream runs (reports go out until the frames come to rest).
    var isStreaming: Bool { playhead != nil }

    /// When the next report is due to be written, or `nil` while the stream is stopped.
    var nextDue: Duration? { playhead.map { $0 - Self.lead } }

    /// Plays `frame` from the next report on, starting the stream at `now` if it was stopped
    /// (a silent frame does not start it); the reports due now: first those a late wake-up
    /// missed, which carry the frame before, then the frame's.
    mutating func play(_ frame: RumbleFrame, split: RenderSettings.MotorSplit, now: Duration) -> [[UInt8]] {
        let character = FrameCharacter(frame, split: split)
        let silent = FrameCharacter(amplitude: 0, sharpness: character.sharpness)
        let wave = WaveformFrame(
            start: frame.start, duration: frame.duration, left: left ? character : silent, right: right ? character : silent)
        let missed = reports(now: now, until: now)
        if playhead == nil {
            guard wave.left.amplitude > 0 || wave.right.amplitude > 0 else { return missed }
            feed = VoiceCoilFeed(sampleRate: Self.sourceRate)
            playhead = now
        }
        feed.play(wave)
        return missed + reports(now: now)
    }

    /// The reports due at `now`: until what was written reaches beyond `lead` past now; once the frames have come to
    /// rest, one all-silent report, and the stream stops.
    mutating func reports(now: Duration) -> [[UInt8]] {
        reports(now: now, until: now + Self.lead)
    }

    /// The reports whose samples start at most at `end` (from `catchUp` behind `now` on), of
    /// the frame playing: a wake-up's (`end` is `lead` past now), or, before a newer frame
    /// replaces it, those a late wake-up missed (`end` is now), so the newer frame cuts no
    /// sample of the one before short.
    private mutating func reports(now: Duration, until end: Duration) -> [[UInt8]] {
        guard var head = playhead else { return [] }
        head = max(head, now - Self.catchUp)
        var reports: [[UInt8]] = []
        while head <= end {
            if feed.isIdle {
                reports.append(next([]))
                playhead = nil
                return reports
            }
            reports.append(next(nextSamples()))
            head += DualSenseHapticsReport.period
        }
        playhead = head
        return reports
    }

    /// Stops the stream at once: an all-silent report if it ran, and the frames forgotten.
    mutating func stop() -> [[UInt8]] {
        feed = VoiceCoilFeed(sampleRate: Self.sourceRate)
        guard playhead != nil else { return [] }
        playhead = nil
        return [next([])]
    }

    /// One report's worth of the feed's samples (fewer once it comes to rest), at 3 kHz.
    private mutating func nextSamples() -> [Int8] {
        var stereo: [Int16] = []
        stereo.reserveCapacity(2 * Self.sourceFramesPerReport)
        while stereo.count < 2 * Self.sourceFramesPerReport, !feed.isIdle {
            let (left, right) = feed.next(Self.sourceFramesPerReport - stereo.count / 2, hold: true)
            guard !left.isEmpty else { break }
            for index in left.indices {
                stereo.append(left[index])
                stereo.append(right[index])
            }
        }
        return DualSenseHapticsReport.resample(stereo)
    }

    /// The next report with `samples`, under the next counter and sequence number.
    private mutating func next(_ samples: [Int8]) -> [UInt8] {
        let report = DualSenseHapticsReport(sequence: sequence, counter: counter, samples: samples)
        sequence = (sequence + 1) & 0x0F
        counter &+= 1
        return report.bytes
    }
}
