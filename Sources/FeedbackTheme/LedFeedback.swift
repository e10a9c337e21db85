public import HapticsModel

/// feedbackd's `Led` feedback (src/fbd-feedback-led.c): a colour on the device's lights,
/// blinking at `frequency` millihertz (0: a steady light), at most `maximumBrightness` percent
/// of the colour's levels.
public struct LedFeedback: Sendable, Hashable {
    /// The colour at full level.
    public var color: LightColor
    /// How often it blinks, in millihertz; 0 for a steady light.
    public var frequency: Int
    /// The brightest it gets, 1...100 percent of `color`'s levels.
    public var maximumBrightness: Int

    /// Creates a `Led` feedback.
    public init(color: LightColor, frequency: Int = 0, maximumBrightness: Int = 100) {
        self.color = color
        self.frequency = frequency
        self.maximumBrightness = maximumBrightness
    }

    /// The colour shown while lit: each level at `maximumBrightness` percent, rounded down, as
    /// `fbd_dev_led_start_periodic` in src/fbd-dev-led.c scales the LED's maximum.
    public var shownColor: LightColor {
        let scale = { (level: UInt8) in UInt8(Int(level) * maximumBrightness / 100) }
        return LightColor(red: scale(color.red), green: scale(color.green), blue: scale(color.blue))
    }
}
