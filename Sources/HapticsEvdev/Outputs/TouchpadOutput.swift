import Glibc
import HapticsModel
import HapticsPlatform

/// A haptic touchpad's waveforms (`FF_HAPTIC` pressure pads, Linux 6.18 and later): the
/// frames become clicks, and the pad's continuous waveform where it lists one, as
/// `TouchpadWaveforms` maps them.
///
/// `prepare` finds the continuous waveform by uploading each in turn (the kernel refuses a
/// waveform the pad does not list); on an older kernel its first upload fails with
/// `hapticNeedsNewerKernel`.
struct TouchpadOutput: EvdevOutput {
    /// The effect.
    private var slot = EffectSlot()
    /// How frames become waveforms, once `prepare` found the pad's.
    private var waveforms: TouchpadWaveforms?

    var isUploaded: Bool { slot.isUploaded }

    /// Uploads a silent click to hold the touchpad's slot and tries each continuous waveform
    /// in place, keeping the first the pad takes: an `EINVAL` is a waveform it does not list.
    /// On a kernel without `FF_HAPTIC`, the click's `EINVAL` fails with the kernel's release.
    mutating func prepare(on node: EvdevNode) throws(EvdevError) {
        do throws(Errno) {
            try upload(.click, intensity: 0, duration: .zero, on: node)
        } catch {
            let kernel = node.system.kernelRelease()
            if error == Errno(EINVAL), !Self.hasHaptic(kernel: kernel) {
                throw .hapticNeedsNewerKernel(node: node.info.node, name: node.info.name, kernel: kernel)
            }
            throw node.failure(error, operation: "uploading a click")
        }
        var continuous: HapticWaveform?
        do throws(Errno) {
            for waveform in HapticWaveform.continuous where continuous == nil {
                do throws(Errno) {
                    try upload(waveform, intensity: 0, duration: .zero, on: node)
                    continuous = waveform
                } catch  where error == Errno(EINVAL) {}
            }
            if continuous != nil { try upload(.click, intensity: 0, duration: .zero, on: node) }
        } catch {
            throw node.failure(error, operation: "uploading a waveform")
        }
        waveforms = TouchpadWaveforms(continuous: continuous)
    }

    mutating func play(_ frame: RumbleFrame, on node: EvdevNode, notices: inout [String]) throws(Errno) {
        guard var mapping = waveforms else { return }
        let steps = mapping.next(frame)
        waveforms = mapping
        for step in steps {
            switch step {
            case .play(let waveform, let intensity, let duration):
                try upload(waveform, intensity: intensity, duration: duration, on: node)
                try slot.start(on: node)
            case .stop:
                try slot.stop(on: node)
            case .leftOut:
                notices.append(
                    "\(node.info.node) (\(node.info.name)) lists no continuous waveform: the pattern's continuous parts are left out"
                )
            }
        }
    }

    /// Ends the mapping's pulse, then stops the effect (and erases it with `erase`).
    mutating func silence(on node: EvdevNode, erase: Bool) throws(Errno) {
        if var mapping = waveforms {
            _ = mapping.end()
            waveforms = mapping
        }
        try slot.silence(on: node, erase: erase)
    }

    private mutating func upload(_ waveform: HapticWaveform, intensity: UInt16, duration: Duration, on node: EvdevNode) throws(Errno) {
        try slot.upload(RumbleEffect.haptic(waveform, intensity: intensity, duration: duration, id: slot.id), on: node)
    }

    /// Whether a kernel release (`uname -r`) is at least the first with `FF_HAPTIC`; an
    /// unreadable release counts as new enough.
    static func hasHaptic(kernel release: String) -> Bool {
        let numbers = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard numbers.count == 2 else { return true }
        return (numbers[0], numbers[1]) >= EvdevError.hapticKernel
    }
}
