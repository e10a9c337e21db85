import Haptics
import VirtualDevices

/// How well one contender kept time, judged from the pad's side: when each sounding frame's
/// upload reached the device, against when the frame was due.
///
/// The k-th sounding frame is matched to the first upload after the previous match that
/// carries exactly its magnitudes: the frame file's levels are whole magnitudes, which every
/// program sends unchanged, and a tolerance would let a frame at magnitude 1 (the clip
/// fades in from 0) match the zeros a program uploads to open a slot or to silence the pad,
/// and so anchor everything a frame or two early. Silent frames are left out: programs
/// silence a pad differently (a stop, or an upload of zeros).
///
/// The pad cannot know when a program meant to start, only how the frames were spaced, so
/// each frame's offset `arrival_k − start_k` is compared with a reference offset, two ways:
/// - `errors`: against the median offset. A constant latency does not count; drift, jitter
///   and every late frame do, each once.
/// - `errorsFromFirst`: against the first frame's offset,
///   |(arrival_k − arrival_0) − (start_k − start_0)|. A first frame late by 3 ms (a timer
///   thread starting, say) then makes every later frame look 3 ms off, so this one says
///   more about the first frame than about the pacing; it is kept for comparison.
struct DeviceTiming {
    /// How far a match may look past the previous one, in uploads: programs may upload
    /// something between two frames (SDL re-sends a held level every 2 s, zeros for a
    /// silence), but a frame whose upload never came must not make the search run ahead and
    /// pair every later frame with the wrong upload.
    static let lookAhead = 8

    /// The sounding frames of the track.
    let sounding: Int
    /// The sounding frames whose upload was found.
    let matched: Int
    /// The timing errors of the matched frames against their median offset, in nanoseconds.
    let errors: Percentiles
    /// The timing errors of the matched frames after the first against the first's offset,
    /// in nanoseconds.
    let errorsFromFirst: Percentiles
    /// From the first matched upload's arrival to the last one's.
    let span: Duration
    /// The same span as the track schedules it.
    let scheduledSpan: Duration

    /// Matches `track`'s sounding frames to the uploads among `records`.
    init(track: RumbleTrack, records: [VirtualGamepad.Stamped]) {
        let uploads: [(at: Duration, strong: Int, weak: Int)] = records.compactMap { stamped in
            guard case .upload(_, _, let strong, let weak, _) = stamped.record else { return nil }
            return (stamped.at, Int(strong), Int(weak))
        }
        let frames = track.frames.filter { !$0.isSilent }
        var pairs: [(due: Duration, arrival: Duration)] = []
        var cursor = 0
        for frame in frames {
            let (strong, weak) = (BenchTrack.magnitude(frame.strong), BenchTrack.magnitude(frame.weak))
            let window = uploads[cursor..<min(cursor + Self.lookAhead, uploads.count)]
            guard let index = window.firstIndex(where: { $0.strong == strong && $0.weak == weak }) else { continue }
            pairs.append((frame.start, uploads[index].at))
            cursor = index + 1
        }
        sounding = frames.count
        matched = pairs.count
        let offsets = pairs.map { Self.nanoseconds($0.arrival - $0.due) }
        let median = Percentiles(offsets).p50
        errors = Percentiles(offsets.map { abs($0 - median) })
        errorsFromFirst = Percentiles(offsets.dropFirst().map { abs($0 - offsets[0]) })
        span = pairs.last.map { $0.arrival - pairs[0].arrival } ?? .zero
        scheduledSpan = pairs.last.map { $0.due - pairs[0].due } ?? .zero
    }

    /// A duration in whole nanoseconds.
    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
