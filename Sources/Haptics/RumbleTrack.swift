/// A rendered waveform: contiguous, non-overlapping frames from time zero, with adjacent
/// frames of equal levels merged. Silences inside the track are frames with both levels 0.
public struct RumbleTrack: Sendable, Hashable {
    /// The frames, in time order; each starts where the previous one ends.
    public let frames: [RumbleFrame]

    /// A track of no frames, which plays nothing and completes at once.
    public static let empty = RumbleTrack(contiguousFrames: [])

    /// Wraps frames that already start at zero, touch and do not repeat levels.
    init(contiguousFrames frames: [RumbleFrame]) {
        self.frames = frames
    }

    /// How long the track lasts: the end of its last frame.
    public var duration: Duration { frames.last?.end ?? .zero }

    /// Energy as the presets are ordered by: the sum of (strong² + weak²) × seconds.
    public var energy: Double {
        frames.reduce(0) { sum, frame in
            sum + (frame.strong * frame.strong + frame.weak * frame.weak) * frame.duration.inSeconds
        }
    }

    /// The index of the frame playing at `time`, or `nil` outside the track.
    func frameIndex(at time: Duration) -> Int? {
        guard time >= .zero, time < duration else { return nil }
        var low = 0
        var high = frames.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if frames[middle].start <= time { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
