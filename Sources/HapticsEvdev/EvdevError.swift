/// Why the evdev driver cannot vibrate a device, and what to do about it.
public enum EvdevError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The node may not be written by this user.
    case permissionDenied(node: String)
    /// No device can vibrate (none matched the selection, or none is plugged in).
    case noDevice(selection: String, directory: String)
    /// The device's effect slots are all taken.
    case noFreeEffectSlot(node: String, name: String, slots: Int)
    /// The device went away (unplugged) and nothing else is left to drive.
    case deviceGone(node: String, name: String)
    /// A system call failed in a way not covered above.
    case system(operation: String, node: String, errno: Errno)

    /// One line: what happened and what to do.
    public var description: String {
        switch self {
        case .permissionDenied(let node):
            "permission denied opening \(node) for writing: rumble needs write access. Install the udev rule "
                + "(sudo cp udev/70-haptics.rules /etc/udev/rules.d/ && sudo udevadm control --reload && sudo udevadm trigger), "
                + "then unplug and replug the pad; or run with a user in the 'input' group"
        case .noDevice(let selection, let directory):
            "no rumble-capable device matches '\(selection)' in \(directory): plug in a gamepad (USB or Bluetooth), "
                + "check 'haptics devices', or use --driver stdout"
        case .noFreeEffectSlot(let node, let name, let slots):
            "\(node) (\(name)) has no free effect slot (it holds \(slots)): another program (a game, Steam) is using them; close it and try again"
        case .deviceGone(let node, let name):
            "\(node) (\(name)) was unplugged; plug it back in and try again"
        case .system(let operation, let node, let errno):
            "\(operation) on \(node) failed: \(errno)"
        }
    }
}
