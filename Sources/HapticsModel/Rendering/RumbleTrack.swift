/// A rendered waveform: contiguous, non-overlapping frames from time zero, with adjacent
/// frames of equal levels merged (except where a pad's re-send interval cuts a held level, see
/// `Renderer`). Silences inside the track are frames with both levels 0.
public struct RumbleTrack: Sendable, Hashable {
    /// The frames, in time order; each starts where the previous one ends.
    public let frames: [RumbleFrame]

    /// A track of no frames, which plays nothing and completes at once.
    public static let empty = RumbleTrack(contiguousFrames: [])

    /// Wraps frames that already start at zero, touch and do not repeat levels.
    init(contiguousFrames frames: [RumbleFrame]) {
        self.frames = frames
    }

    /// A track from frames made by hand (or read from elsewhere), brought to the track's
    /// rules: sorted by start, gaps (and the time before the first frame) filled with
    /// silence, a frame cut short where a later one starts, frames of no length dropped,
    /// neighbours of equal levels merged, and gains set to 1.
    public init(frames: [RumbleFrame]) {
        let ordered = frames.filter { $0.duration > .zero && $0.start >= .zero }.sorted { $0.start < $1.start }
        var result: [RumbleFrame] = []
        func append(_ start: Duration, _ end: Duration, _ strong: Double, _ weak: Double) {
            guard end > start else { return }
            if let last = result.last, last.strong == strong, last.weak == weak {
                result[result.count - 1].duration = end - last.start
            } else {
                result.append(RumbleFrame(start: start, duration: end - start, strong: strong, weak: weak))
            }
        }
        for (index, frame) in ordered.enumerated() {
            let cursor = result.last?.end ?? .zero
            append(cursor, frame.start, 0, 0)
            let end = index + 1 < ordered.count ? min(frame.end, ordered[index + 1].start) : frame.end
            append(max(frame.start, cursor), end, frame.strong, frame.weak)
        }
        self.frames = result
    }

    /// How long the track lasts: the end of its last frame.
    public var duration: Duration { frames.last?.end ?? .zero }

    /// The index of the frame playing `target` attoseconds into the track, or `nil` outside
    /// it, trying the frame at `hint` and the one after it first, before a binary search (a
    /// playback moves forward frame by frame).
    package func frameIndex(atAttoseconds target: Int128, near hint: Int) -> Int? {
        if hint >= 0, hint < frames.count, frames[hint].start.attoseconds <= target {
            if target < frames[hint].start.attoseconds + frames[hint].duration.attoseconds { return hint }
            let next = hint + 1
            if next < frames.count, target < frames[next].start.attoseconds + frames[next].duration.attoseconds { return next }
        }
        return frameIndex(atAttoseconds: target)
    }

    /// The index of the frame playing `target` attoseconds into the track, or `nil` outside
    /// it: a binary search on 128-bit attoseconds (see `PlayerCore` on a frame's cost).
    package func frameIndex(atAttoseconds target: Int128) -> Int? {
        guard let last = frames.last, target >= 0, target < last.start.attoseconds + last.duration.attoseconds else { return nil }
        var low = 0
        var high = frames.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if frames[middle].start.attoseconds <= target { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
