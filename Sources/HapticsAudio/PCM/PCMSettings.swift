/// How the DualSense's playback PCM is opened: its four channels (1-2 the speaker and
/// headset, 3-4 the left and right actuators), S16_LE at 48 kHz, interleaved, in periods of a
/// few milliseconds so that a new effect starts within about one period.
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
    /// of 4 periods (8 ms), the actuators on channels 3 and 4.
    public static let dualSense = PCMSettings(channels: 4, rate: 48_000, periodFrames: 96, periods: 4, leftActuatorChannel: 2)

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

    /// Frames queued before the stream starts: one period.
    public var startFrames: Int { periodFrames }

    /// Frames the application pointer is kept ahead of the hardware pointer after an idle
    /// spell, so the first samples written play within about one period.
    public var leadFrames: Int { periodFrames }

    /// Frames kept queued ahead of the hardware while something plays: all the buffer but one
    /// period (6 ms), so a late wake-up of the writer does not run it dry.
    public var writeAheadFrames: Int { periodFrames * (periods - 1) }

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
