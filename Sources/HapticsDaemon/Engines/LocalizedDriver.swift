import HapticsAudio
import HapticsModel

/// A driver that plays each frame at a locality given with it: the voice coils' `AudioDriver`,
/// which engines playing different localities share.
protocol LocalizedDriver: HapticDriver {
    /// Plays `frame` at `locality`, as `apply(_:)` plays it at the driver's own.
    func apply(_ frame: RumbleFrame, at locality: Locality) throws
}

extension AudioDriver: LocalizedDriver {}
