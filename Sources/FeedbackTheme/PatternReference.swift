public import HapticsModel

/// What a theme entry of type `Haptics` plays: one of the built-in presets, a Haptica string,
/// an AHAP file or a `.haptic` clip (files read when the theme loads), at an intensity.
public struct PatternReference: Sendable, Hashable {
    /// Where the pattern comes from.
    public enum Source: Sendable, Hashable {
        /// A built-in preset, e.g. `medium` (`"preset": "medium"`).
        case preset(Preset)
        /// A Haptica string, e.g. `"..oO-Oo.."` (`"haptica": "..."`).
        case haptica(SlottedHapticaPattern)
        /// An AHAP file, its path as written and the pattern read from it (`"ahap": "file.ahap"`,
        /// relative to the theme's folder).
        case ahap(path: String, pattern: HapticPattern)
        /// A Lofelt / Meta Haptics Studio clip, its path as written and the pattern read from it
        /// (`"haptic": "file.haptic"`, relative to the theme's folder).
        case haptic(path: String, pattern: HapticPattern)
    }

    /// Where the pattern comes from.
    public var source: Source
    /// The scale applied to the pattern's intensities, 0...1.
    public var intensity: Double

    /// Creates a reference.
    public init(source: Source, intensity: Double = 1) {
        self.source = source
        self.intensity = intensity
    }
}
