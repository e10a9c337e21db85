package import HapticsEvdev

/// What the command line tells a person about the libraries' facts: an error's description
/// and what to do about it, naming this tool's commands and flags, the repository's files and
/// the README's sections, which the libraries leave to their callers.
package enum Advice {
    /// The message for `error`: for the evdev driver's errors, what happened and what to do;
    /// for any other error, its description.
    package static func message(for error: any Error) -> String {
        guard let error = error as? EvdevError else { return "\(error)" }
        return switch error {
        case .permissionDenied:
            "\(error). Install the udev rule "
                + "(sudo cp udev/70-haptics.rules /etc/udev/rules.d/ && sudo udevadm control --reload && sudo udevadm trigger), "
                + "then unplug and replug the pad; or run with a user in the 'input' group"
        case .noDevice:
            "\(error): plug in a gamepad (USB or Bluetooth), check 'haptics devices', or use --driver stdout"
        case .noFreeEffectSlot:
            "\(error): another program (a game, Steam) is using them; close it and try again"
        case .deviceGone:
            "\(error); plug it back in and try again"
        case .cannotOpen:
            "\(error): check the path; 'haptics devices' lists the pads that can vibrate"
        case .notAnInputDevice:
            "\(error): --device takes an event node (/dev/input/eventN or a /dev/input/by-id/...-event-joystick link), "
                + "an index or a name; 'haptics devices' lists the pads"
        case .cannotVibrate:
            "\(error): 'haptics devices' lists the pads that can"
        case .hapticNeedsNewerKernel:
            "\(error); boot a newer kernel (Debian's trixie-backports has one), or use a gamepad"
        case .system:
            "\(error)"
        }
    }

    /// The message for `error` when opening the pad `--input` names, whose trigger or stick
    /// the demo reads: with no such pad, the way out is the keys alone (`--input none`); any
    /// other error as `message(for:)` says it.
    package static func inputMessage(for error: any Error) -> String {
        guard case EvdevError.noDevice(let selection, _) = error else { return message(for: error) }
        return "no gamepad with a trigger or stick matches '\(selection)': plug one in, check 'haptics devices', "
            + "or use --input none to pull with the keys alone"
    }

    /// The line `haptics devices` prints for `device` (after its index): its summary, and
    /// for a read-only node why that matters and where to read about it.
    package static func line(for device: EvdevDeviceInfo) -> String {
        device.isWritable ? device.summary : device.summary + ": rumble needs write access (see README, Real hardware)"
    }
}
