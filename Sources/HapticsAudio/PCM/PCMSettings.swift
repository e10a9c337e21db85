/// How the DualSense's playback PCM is opened: its four channels (1-2 the speaker and
/// headset, 3-4 the left and right actuators), S16_LE at 48 kHz, interleaved, in periods of a
/// few milliseconds so that a new effect starts within about one period, and a buffer long
/// enough that a whole frame is written when it is applied.
public struct PCMSettings: Sendable, Equatable {
    /// Channels per frame.
    public var channels: Int
    /// Frames per second.
    public var rate: Int
    /// Frames per period: the unit the hardware pointer advances by (96 frames = 2 ms).
    public var periodFrames: Int
    /// Periods in the buffer.
    public var periods: Int
    /// The channel (from 0) that carries the left actuator; the right one follows it.
    public var leftActuatorChannel: Int

    /// The DualSense's playback PCM: 4 channels, 48 kHz, periods of 96 frames (2 ms), a buffer
    /// of 64 periods (128 ms), the actuators on channels 3 and 4.
    public static let dualSense = PCMSettings(channels: 4, rate: 48_000, periodFrames: 96, periods: 64, leftActuatorChannel: 2)

    /// Creates settings.
    public init(channels: Int, rate: Int, periodFrames: Int, periods: Int, leftActuatorChannel: Int) {
        self.channels = channels
        self.rate = rate
        self.periodFrames = periodFrames
        self.periods = periods
        self.leftActuatorChannel = leftActuatorChannel
    }

    /// Frames in the buffer.
    public var bufferFrames: Int { periodFrames * periods }

    /// The queue's low mark: with fewer frames queued than this while a frame has ended and
    /// the next is due, the writer holds the frame rather than let the stream run dry.
    public var leadFrames: Int { periodFrames }

    /// Frames a frame just applied may be written ahead of the hardware: the buffer but one
    /// period, so a frame of up to 126 ms is written whole at once and plays on however late
    /// the writer wakes next.
    public var applyAheadFrames: Int { bufferFrames - periodFrames }

    /// Frames kept queued ahead of the hardware while a longer frame plays: 16 periods
    /// (32 ms), so a late wake-up of the writer does not run it dry, and a frame replacing it
    /// mid-way starts at most that late.
    public var writeAheadFrames: Int { min(periodFrames * 16, applyAheadFrames) }

    /// Frames free at which a writer waiting for room wakes (`avail_min`): one period after
    /// the queue was topped up to `writeAheadFrames`, so it wakes on every period the
    /// hardware takes, paced by the device rather than by a timer.
    public var wakeFrames: Int { bufferFrames - writeAheadFrames + periodFrames }

    /// Interleaves the actuators' samples into whole frames: `left` and `right` (of equal
    /// length; the shorter one is padded with silence) on the actuator channels, silence on
    /// the others.
    public func interleave(left: [Int16], right: [Int16]) -> [Int16] {
        let frames = max(left.count, right.count)
        var samples = [Int16](repeating: 0, count: frames * channels)
        for frame in 0..<frames {
            let base = frame * channels + leftActuatorChannel
            if frame < left.count { samples[base] = left[frame] }
            if frame < right.count { samples[base + 1] = right[frame] }
        }
        return samples
    }
}
