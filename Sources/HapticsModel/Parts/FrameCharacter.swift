/// A frame's amplitude and sharpness, read back from its two levels: how a driver whose
/// actuators take a frequency (the Switch Pro's HD Rumble, the DualSense's trigger vibration)
/// plays a frame rendered with the `split` sharpness mapping.
///
/// The split gives an event of amplitude `a` and sharpness `s` the levels
/// `strong = a · min(1, (1 − s) / (1 − c))` and `weak = a · min(1, s / c)` (crossover `c`), so
/// the larger level is the amplitude and the ratio of the smaller to it is the sharpness: below
/// the crossover `s = c · weak / strong`, above it `s = 1 − (1 − c) · strong / weak`. For one
/// event this is exact; for overlapping events, which the mixer adds, it is their blend. The
/// frame's gain scales the amplitude and leaves the sharpness alone.
public struct FrameCharacter: Sendable, Hashable {
    /// The amplitude, 0...1, gain applied.
    public var amplitude: Double
    /// The sharpness, 0...1; the crossover's for a silent frame.
    public var sharpness: Double

    /// Creates a character.
    public init(amplitude: Double, sharpness: Double) {
        self.amplitude = amplitude
        self.sharpness = sharpness
    }

    /// The character of `frame`, rendered with `split`.
    public init(_ frame: RumbleFrame, split: RenderSettings.MotorSplit = RenderSettings.MotorSplit()) {
        let (strong, weak) = (frame.strong, frame.weak)
        let crossover = split.crossover
        amplitude = max(frame.scaledStrong, frame.scaledWeak)
        if strong == 0 && weak == 0 {
            sharpness = crossover
        } else if strong >= weak {
            sharpness = crossover * weak / strong
        } else {
            sharpness = 1 - (1 - crossover) * strong / weak
        }
    }
}
