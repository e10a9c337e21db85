import CEvdev
import HapticsPlatform

/// The one force-feedback effect an output keeps on a device: its id once uploaded, and
/// whether it plays.
struct EffectSlot: Sendable {
    /// The effect's id, or -1 before its upload (and after its erase).
    private(set) var id: Int16 = -1
    /// Whether the effect was started and not stopped since.
    private(set) var isPlaying = false

    /// Whether the effect is on the device.
    var isUploaded: Bool { id >= 0 }

    /// Uploads `effect` in this slot (in place once it has an id), keeping the id the kernel
    /// gives it.
    mutating func upload(_ effect: ff_effect, on node: EvdevNode) throws(Errno) {
        var effect = effect
        try node.system.upload(node.fd, &effect)
        id = effect.id
    }

    /// Starts the effect playing.
    mutating func start(on node: EvdevNode) throws(Errno) {
        try node.system.play(node.fd, effect: id, true)
        isPlaying = true
    }

    /// Stops the effect playing.
    mutating func stop(on node: EvdevNode) throws(Errno) {
        try node.system.play(node.fd, effect: id, false)
        isPlaying = false
    }

    /// Stops the effect if it plays and, with `erase`, erases it.
    mutating func silence(on node: EvdevNode, erase: Bool) throws(Errno) {
        if isPlaying, id >= 0 {
            try node.system.play(node.fd, effect: id, false)
        }
        isPlaying = false
        if erase, id >= 0 {
            let erased = id
            id = -1
            try node.system.erase(node.fd, erased)
        }
    }
}
