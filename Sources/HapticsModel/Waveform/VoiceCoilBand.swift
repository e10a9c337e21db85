import HapticsPlatform

/// How a frame's sharpness becomes the frequency a voice-coil actuator plays: exponentially,
/// from `lowest` at sharpness 0 to `highest` at sharpness 1, so equal steps of sharpness are
/// equal musical intervals.
///
/// The default band, 60 Hz to 400 Hz (about 2.7 octaves), is a choice: wide enough that low
/// and high sharpness feel apart, inside the range haptic actuators that take a frequency play.
/// Apple's Core Haptics describes low sharpness as round and organic and high sharpness as
/// crisp and precise (`hapticSharpness`); Android's `VibratorFrequencyProfile` reports each
/// actuator's own minimum and maximum frequency and its resonant frequency, so the band is a
/// property of the actuator, and Sony publishes none for the DualSense's voice coils. Change
/// `lowest` and `highest` where an actuator's band is known.
public struct VoiceCoilBand: Sendable, Hashable {
    /// The frequency at sharpness 0, in Hz.
    public var lowest: Double
    /// The frequency at sharpness 1, in Hz.
    public var highest: Double

    /// Creates a band; `highest` is raised to `lowest` when below it, and both to at least 1 Hz.
    public init(lowest: Double = 60, highest: Double = 400) {
        self.lowest = max(lowest, 1)
        self.highest = max(highest, self.lowest)
    }

    /// The frequency at `sharpness` (clamped to 0...1, NaN as 0):
    /// `lowest · (highest / lowest) ^ sharpness`.
    public func frequency(sharpness: Double) -> Double {
        let s = sharpness.isNaN ? 0 : min(max(sharpness, 0), 1)
        return lowest * power(highest / lowest, s)
    }
}
