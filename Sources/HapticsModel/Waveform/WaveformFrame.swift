/// What the two voice-coil actuators play for one frame: each side's amplitude and sharpness,
/// and how long they hold.
public struct WaveformFrame: Sendable, Hashable {
    /// When the frame starts, as the `RumbleFrame` it comes from says.
    public var start: Duration
    /// How long it lasts.
    public var duration: Duration
    /// The left actuator's character.
    public var left: FrameCharacter
    /// The right actuator's character.
    public var right: FrameCharacter

    /// Creates a frame.
    public init(start: Duration, duration: Duration, left: FrameCharacter, right: FrameCharacter) {
        self.start = start
        self.duration = duration
        self.left = left
        self.right = right
    }

    /// The frame that plays `frame` (mixed, gain applied) at `locality`: its character
    /// (`FrameCharacter(frame, split:)`) on both actuators for `all` and `handles`, on the
    /// left one only for `left-handle`, on the right one only for `right-handle`, and on
    /// neither for a trigger locality. An actuator that does not play gets amplitude 0.
    public init(_ frame: RumbleFrame, at locality: Locality, split: RenderSettings.MotorSplit = RenderSettings.MotorSplit()) {
        let character = FrameCharacter(frame, split: split)
        let silent = FrameCharacter(amplitude: 0, sharpness: character.sharpness)
        let parts = locality.parts
        self.init(
            start: frame.start, duration: frame.duration,
            left: parts.contains(.leftHandle) ? character : silent,
            right: parts.contains(.rightHandle) ? character : silent)
    }
}
