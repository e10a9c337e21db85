/// What one pad's actuators play next, handed out as the PCM takes samples: the frame the
/// player applied last, up to its end; past its end, while no newer frame has come, the frame
/// continued only as far as a PCM about to run dry needs (at most `holdLimit`), then a ramp
/// down to rest. Frames applied on time thus follow each other sample for sample, as
/// `WaveformSynthesizer.samples(of:)` renders them, and a late one starts where the held
/// frame ends, without a gap.
public struct VoiceCoilFeed: Sendable {
    private var synthesizer: WaveformSynthesizer
    private var frame: WaveformFrame
    /// Sample frames of `frame` not handed out yet.
    private var remaining = 0
    /// Sample frames handed out past `frame`'s end.
    private var held = 0
    /// The longest a frame is held past its end, in sample frames.
    public let holdLimit: Int

    /// A feed at rest, at `sampleRate`, holding a late frame at most `holdLimit`.
    public init(sampleRate: Int, holdLimit: Duration = .milliseconds(50)) {
        synthesizer = WaveformSynthesizer(sampleRate: sampleRate)
        frame = Self.rest
        self.holdLimit = synthesizer.sampleCount(at: holdLimit)
    }

    /// A silent frame that lasts until further notice.
    private static let rest = WaveformFrame(
        start: .zero, duration: .zero, left: FrameCharacter(amplitude: 0, sharpness: 0), right: FrameCharacter(amplitude: 0, sharpness: 0))

    /// Whether nothing is left to hand out: no sounding frame, and the actuators at rest.
    public var isIdle: Bool { remaining == 0 && isSilent(frame) && synthesizer.isAtRest }

    /// Plays `frame` from the next sample on, replacing what played: for its duration, or,
    /// for a silent frame lasting until further notice, as long as the ramp to rest takes.
    public mutating func play(_ frame: WaveformFrame) {
        self.frame = frame
        held = 0
        remaining =
            isSilent(frame) && frame.duration <= .zero
            ? synthesizer.sampleCount(at: synthesizer.ramp)
            : synthesizer.sampleCount(at: frame.start + frame.duration) - synthesizer.sampleCount(at: frame.start)
    }

    /// The next sample frames, at most `count`, left and right apart: what remains of the
    /// frame; once it has ended, with `hold` (the PCM is about to run dry before a late next
    /// frame), the frame continued until `holdLimit`, and past that a ramp to rest.
    public mutating func next(_ count: Int, hold: Bool) -> (left: [Int16], right: [Int16]) {
        var stereo: [Int16] = []
        var wanted = max(count, 0)
        let now = min(wanted, remaining)
        synthesizer.append(frame, sampleCount: now, to: &stereo)
        remaining -= now
        wanted -= now
        if remaining == 0, wanted > 0, !isIdle {
            if !isSilent(frame) && held < holdLimit {
                let more = hold ? min(wanted, holdLimit - held) : 0
                synthesizer.append(frame, sampleCount: more, to: &stereo)
                held += more
            } else {
                play(Self.rest)
                let ramp = min(wanted, remaining)
                synthesizer.append(frame, sampleCount: ramp, to: &stereo)
                remaining -= ramp
            }
        }
        return (Self.channel(0, of: stereo), Self.channel(1, of: stereo))
    }

    /// One actuator's samples (`channel` 0 the left, 1 the right) out of interleaved pairs.
    private static func channel(_ channel: Int, of stereo: [Int16]) -> [Int16] {
        [Int16](unsafeUninitializedCapacity: stereo.count / 2) { buffer, initialized in
            stereo.withUnsafeBufferPointer { pairs in
                for index in buffer.indices { buffer[index] = pairs[index * 2 + channel] }
            }
            initialized = buffer.count
        }
    }

    private func isSilent(_ frame: WaveformFrame) -> Bool {
        frame.left.amplitude <= 0 && frame.right.amplitude <= 0
    }
}
