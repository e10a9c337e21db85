import HapticsModel
import HapticsPlatform

/// Motor levels: one `FF_RUMBLE` effect (`FF_PERIODIC` on vibrators that are not gamepads),
/// updated in place for each frame and started again after every update, as some kernels
/// otherwise keep the old level.
///
/// The frame's gain goes to `FF_GAIN` where the device has it, else it scales the levels; the
/// magnitudes follow the amplitude steps of the device's profile (`RumbleEffect`).
struct RumbleOutput: EvdevOutput {
    /// The effect.
    private var slot = EffectSlot()
    /// The gain last sent to `FF_GAIN`.
    private var gain: Double?
    /// The amplitude steps of the device's profile.
    private let steps: AmplitudeSteps

    /// An output for a device whose driver resolves magnitudes in `steps`.
    init(steps: AmplitudeSteps) {
        self.steps = steps
    }

    var isUploaded: Bool { slot.isUploaded }

    /// Uploads a silent effect and sets full gain where the device has `FF_GAIN`.
    mutating func prepare(on node: EvdevNode) throws(EvdevError) {
        do throws(Errno) {
            try upload(strong: 0, weak: 0, duration: .zero, on: node)
            try setGain(1, on: node)
        } catch {
            throw node.failure(error, operation: "uploading an effect")
        }
    }

    mutating func play(_ frame: RumbleFrame, on node: EvdevNode, notices: inout [String]) throws(Errno) {
        guard !frame.isSilent else {
            try slot.silence(on: node, erase: false)
            return
        }
        var strong = frame.strong
        var weak = frame.weak
        if node.info.capabilities.hasGain {
            try setGain(frame.gain, on: node)
        } else {
            strong = frame.scaledStrong
            weak = frame.scaledWeak
        }
        try upload(strong: strong, weak: weak, duration: frame.duration, on: node)
        try slot.start(on: node)
    }

    mutating func silence(on node: EvdevNode, erase: Bool) throws(Errno) {
        try slot.silence(on: node, erase: erase)
    }

    /// Sends `gain` to a device with `FF_GAIN` when it differs from what the device has.
    private mutating func setGain(_ gain: Double, on node: EvdevNode) throws(Errno) {
        guard node.info.capabilities.hasGain, self.gain != gain else { return }
        try node.system.setGain(node.fd, magnitude: RumbleEffect.magnitude(gain))
        self.gain = gain
    }

    private mutating func upload(strong: Double, weak: Double, duration: Duration, on node: EvdevNode) throws(Errno) {
        try slot.upload(
            node.info.capabilities.prefersPeriodic
                ? RumbleEffect.periodic(strong: strong, weak: weak, duration: duration, id: slot.id)
                : RumbleEffect.rumble(strong: strong, weak: weak, duration: duration, id: slot.id, steps: steps),
            on: node)
    }
}
