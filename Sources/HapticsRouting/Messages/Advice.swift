package import HapticsEvdev
package import HapticsHidraw
import HapticsModel

/// What the command line tells a person about the libraries' facts: an error's description
/// and what to do about it, naming this tool's commands and flags, the repository's files and
/// the README's sections, which the libraries leave to their callers.
package enum Advice {
    /// The udev rule that gives the seat's user access to the pads' event and hidraw nodes,
    /// and how to apply it: for the messages about permissions.
    package static let udevRule =
        "install the udev rule 70-haptics.rules (make install and the Debian package put it in udev's rules directory; "
        + "from the source tree: sudo cp udev/70-haptics.rules /etc/udev/rules.d/), "
        + "then apply it with sudo udevadm control --reload && sudo udevadm trigger, or unplug and replug the pad"

    /// The message for `error`: for the evdev and hidraw drivers' errors and the localities',
    /// what happened and what to do; for any other error, its description.
    package static func message(for error: any Error) -> String {
        if let error = error as? HidrawError { return message(for: error) }
        if let error = error as? LocalityError { return message(for: error) }
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

    /// What the hidraw driver's `error` means and what to do.
    package static func message(for error: HidrawError) -> String {
        switch error {
        case .noPad(let selection):
            "no pad whose hidraw node this tool drives matches '\(selection)' (it drives the DualSense, the Switch Pro Controller "
                + "and the Xbox Wireless Controller over Bluetooth): check 'haptics devices', or use --driver evdev"
        case .unsupportedPad:
            "\(error): use --driver evdev"
        case .noHidrawNode:
            "\(error) (is the kernel's hidraw module loaded?): use --driver evdev"
        case .permissionDenied(let node, let name):
            "\(name): no write access to \(node), which its triggers and HD Rumble need; \(udevRule). "
                + "Rumble through evdev (--driver evdev) works meanwhile"
        case .cannotOpen:
            "\(error); 'haptics devices' lists each pad's hidraw node"
        case .writeFailed:
            "\(error); if the pad was unplugged, plug it back in and try again"
        case .localityUnavailable(let locality, let name, let available):
            "\(name) has no \(noun(for: locality)): it plays at \(available.map(\.rawValue).joined(separator: ", "))"
        case .invalidTriggerEffect:
            "\(error): positions, strengths, amplitudes and frequencies run from 0 to 1"
        case .noAdaptiveTriggers:
            "\(error) (a DualSense has)"
        }
    }

    /// What a locality error means and what to do.
    package static func message(for error: LocalityError) -> String {
        switch error {
        case .triggersNeedHidraw(let locality, let name):
            "\(name): --locality \(locality.rawValue) plays triggers, which the kernel's rumble (--driver evdev) does not reach: "
                + "use --driver auto or hidraw"
        case .noHidrawNode(let locality, let name):
            "\(name) has no hidraw node to play --locality \(locality.rawValue) through (is the kernel's hidraw module loaded?); "
                + "its handles play with --locality handles"
        }
    }

    /// A locality as messages name the parts it lacks: `triggers`, `left trigger`.
    private static func noun(for locality: Locality) -> String {
        locality.rawValue.split(separator: "-").joined(separator: " ")
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
