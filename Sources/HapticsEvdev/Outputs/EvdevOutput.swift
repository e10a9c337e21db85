import HapticsModel
import HapticsPlatform

/// How frames reach one open evdev device: motor levels (`RumbleOutput`) or a haptic
/// touchpad's waveforms (`TouchpadOutput`). `EvdevDriver` picks the one the device supports
/// when it opens it, and calls it under its lock.
///
/// Each keeps one effect on the device (`EffectSlot`), uploaded by `prepare` and then updated
/// in place by its id, so the device's slots never run out.
protocol EvdevOutput: Sendable {
    /// Whether its effect is uploaded, so that a frame costs an update in place.
    var isUploaded: Bool { get }

    /// Uploads the effect the frames update.
    mutating func prepare(on node: EvdevNode) throws(EvdevError)

    /// Plays `frame`; what it could not play but played on without goes to `notices`.
    mutating func play(_ frame: RumbleFrame, on node: EvdevNode, notices: inout [String]) throws(Errno)

    /// Stops what plays and, with `erase`, erases the effect (`prepare` uploads it again).
    mutating func silence(on node: EvdevNode, erase: Bool) throws(Errno)
}
