public import HapticsModel

/// What a light bar shows, as its LED class reads: the colour's levels and, for a
/// multicolour LED, the brightness that scales them.
public struct LightBarReading: Sendable, Hashable {
    /// The levels (`multi_intensity`, or the red, green and blue LEDs' brightness).
    public var color: LightColor
    /// The multicolour LED's `brightness`, 255 for separate LEDs.
    public var brightness: UInt8

    /// Creates a reading.
    public init(color: LightColor, brightness: UInt8 = 255) {
        self.color = color
        self.brightness = brightness
    }

    /// The colour hid-playstation gives a DualSense's light bar at probe, blue at half level,
    /// which its LED class does not report: it reads "0 0 0" until first written.
    public static let dualSenseProbe = LightBarReading(color: LightColor(red: 0, green: 0, blue: 128))

    /// What to restore after showing a colour, given `self` read before: a multicolour LED
    /// reading all levels 0 is taken as never written and restored to `dualSenseProbe`, the
    /// colour the pad actually showed (a bar deliberately set dark comes back blue); any other
    /// reading is restored as read.
    public func restoring(multicolor: Bool) -> LightBarReading {
        multicolor && color == LightColor(red: 0, green: 0, blue: 0) ? .dualSenseProbe : self
    }
}
