import HapticsPlatform

/// How a frame's sharpness becomes the frequency a voice-coil actuator plays: exponentially,
/// from `lowest` at sharpness 0 to `highest` at sharpness 1, so equal steps of sharpness are
/// equal musical intervals.
///
/// The default band, 60 Hz to 400 Hz (about 2.7 octaves), lies inside what handheld voice
/// coils and wideband linear actuators play well: Apple's Core Haptics maps sharpness onto
/// such a range of the Taptic Engine's response, Android's vibrator frequency profile
/// (`VibratorFrequencyProfile`) reports a resonant band of roughly 80–300 Hz on wideband
/// actuators, and the DualSense's voice coils are driven by audio at 48 kHz with their
/// strongest response between about 50 Hz and a few hundred hertz.
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
