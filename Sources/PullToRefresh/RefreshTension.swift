public import HapticsModel

/// The optional tension cue: while the finger drags the component from `startPercent` of the
/// way to the threshold, a faint continuous texture plays whose intensity follows the pulling
/// percent, cut off when the state enters `pulling` (and the threshold's impact fires) and on
/// release. One advanced playback lasts the whole drag, shaped with `sendParameters`.
public struct RefreshTension: Sendable, Hashable {
    /// Where the texture starts, as a fraction of the threshold (0...1). Default 0.3.
    public var startPercent: Double
    /// The texture's intensity at the threshold, 0...1: faint by default, 0.35.
    public var intensity: Double
    /// The texture's sharpness, 0...1: a low rumble by default, 0.2.
    public var sharpness: Double

    /// Creates a tension cue; the defaults are a faint, low texture from 30 % of the way.
    public init(startPercent: Double = 0.3, intensity: Double = 0.35, sharpness: Double = 0.2) {
        self.startPercent = min(max(startPercent, 0), 1)
        self.intensity = min(max(intensity, 0), 1)
        self.sharpness = min(max(sharpness, 0), 1)
    }

    /// The texture: one continuous event of 30 s (the longest Core Haptics plays) at the
    /// tension's intensity and sharpness; the pulling percent scales it through the intensity
    /// control.
    public var texture: HapticPattern {
        HapticPattern(events: [HapticEvent(time: 0, kind: .continuous(duration: 30), intensity: intensity, sharpness: sharpness)])
    }
}
