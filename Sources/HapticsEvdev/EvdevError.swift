public import HapticsModel
public import HapticsPlatform

/// Why the evdev driver cannot vibrate (or read) a device: the facts, for the caller to word.
public enum EvdevError: Error, Sendable, Equatable, CustomStringConvertible, DeviceAbsence {
    /// The node may not be written by this user.
    case permissionDenied(node: String)
    /// No device can vibrate (none matched the selection, or none is plugged in).
    case noDevice(selection: DeviceSelection, directory: String)
    /// The device's effect slots are all taken.
    case noFreeEffectSlot(node: String, name: String, slots: Int)
    /// The device went away (unplugged) and nothing else is left to drive.
    case deviceGone(node: String, name: String)
    /// The node named cannot be opened (no such file, say).
    case cannotOpen(node: String, errno: Errno)
    /// The node named is no input (evdev) device.
    case notAnInputDevice(node: String)
    /// The device named has no force feedback that can vibrate.
    case cannotVibrate(node: String, name: String)
    /// The device is a haptic touchpad, and the running kernel (`kernel`, its release) is
    /// older than the first with `FF_HAPTIC` (`EvdevError.hapticKernel`): it refuses the
    /// touchpad's effects with `EINVAL`.
    case hapticNeedsNewerKernel(node: String, name: String, kernel: String)
    /// A system call failed in a way not covered above.
    case system(operation: String, node: String, errno: Errno)

    /// The first Linux release with `FF_HAPTIC`, haptic touchpads' effect type: 6.18.
    public static let hapticKernel = (major: 6, minor: 18)

    /// Whether no device is there yet (none matched, or the last one was unplugged): a
    /// `FanOutDriver` lets this driver wait while the others play.
    public var meansNoDeviceYet: Bool {
        switch self {
        case .noDevice, .deviceGone: true
        case .permissionDenied, .noFreeEffectSlot, .cannotOpen, .notAnInputDevice, .cannotVibrate, .hapticNeedsNewerKernel,
            .system:
            false
        }
    }

    /// One line: what happened.
    public var description: String {
        switch self {
        case .permissionDenied(let node):
            "permission denied opening \(node) for writing: rumble needs write access"
        case .noDevice(let selection, let directory):
            "no rumble-capable device matches '\(selection)' in \(directory)"
        case .noFreeEffectSlot(let node, let name, let slots):
            "\(node) (\(name)) has no free effect slot (it holds \(slots))"
        case .deviceGone(let node, let name):
            "\(node) (\(name)) was unplugged"
        case .cannotOpen(let node, let errno):
            "cannot open \(node): \(errno)"
        case .notAnInputDevice(let node):
            "\(node) is not an input device"
        case .cannotVibrate(let node, let name):
            "\(node) (\(name)) cannot vibrate: it has no rumble or periodic force feedback"
        case .hapticNeedsNewerKernel(let node, let name, let kernel):
            "\(node) (\(name)) is a haptic touchpad, and this kernel (\(kernel)) has no FF_HAPTIC: "
                + "haptic touchpads need Linux \(Self.hapticKernel.major).\(Self.hapticKernel.minor) or newer"
        case .system(let operation, let node, let errno):
            "\(operation) on \(node) failed: \(errno)"
        }
    }
}
