package import HapticsAudio
package import HapticsEvdev
package import HapticsHidraw
package import HapticsModel

/// What the command line tells a person about the libraries' facts: an error's description
/// and what to do about it, naming this tool's commands and flags, the repository's files and
/// the sections of haptics(1), which the libraries leave to their callers. (libhaptics'
/// `haptics_last_error` says the drivers' errors in the same words.)
package enum Advice {
    /// The udev rule that gives the seat's user access to the pads' event and hidraw nodes,
    /// and how to apply it: for the messages about permissions.
    package static let udevRule =
        "install the udev rule 70-haptics.rules (make install and the Debian package put it in udev's rules directory; "
        + "from the source tree: sudo cp udev/70-haptics.rules /etc/udev/rules.d/), "
        + "then apply it with sudo udevadm control --reload && sudo udevadm trigger, or unplug and replug the pad"

    /// The section of haptics(1) on what to check when no pad is found, or it does not play
    /// (`haptics-docgen` writes it under this title).
    package static let troubleshootingSection = "TROUBLESHOOTING"
    /// The section of haptics(1) on giving the seat's user the pads' nodes.
    package static let permissionsSection = "PERMISSIONS"
    /// The troubleshooting section, as messages point there.
    package static let troubleshooting = "\(troubleshootingSection) in haptics(1)"
    /// The permissions section, as messages point there.
    package static let permissions = "\(permissionsSection) in haptics(1)"

    /// The message for `error`: for the evdev and hidraw drivers' errors and the localities',
    /// what happened and what to do; for any other error, its description.
    package static func message(for error: any Error) -> String {
        if let error = error as? HidrawError { return message(for: error) }
        if let error = error as? LocalityError { return message(for: error) }
        if let error = error as? AudioError { return message(for: error) }
        guard let error = error as? EvdevError else { return "\(error)" }
        return switch error {
        case .permissionDenied:
            "\(error): \(udevRule); or run with a user in the 'input' group (see \(permissions))"
        case .noDevice(let selection, let directory) where isDiscovery(selection):
            "no gamepad that can vibrate was found in \(directory): plug one in (USB or Bluetooth) and check that "
                + "'haptics devices' lists it (\(troubleshooting) says what to check if it does not), "
                + "or use --driver stdout to play on the terminal"
        case .noDevice:
            "\(error): 'haptics devices' lists the pads, with their names and indexes"
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
        case .noPad(let selection) where isDiscovery(selection):
            "no gamepad was found: plug in one whose hidraw node this tool drives (a DualSense, a Switch Pro Controller, "
                + "an Xbox Wireless Controller over Bluetooth, a Steam Deck or a Steam Controller) and check that 'haptics devices' lists it with its hidraw node "
                + "(\(troubleshooting) says what to check if it does not)"
        case .noPad(let selection):
            "no pad whose hidraw node this tool drives matches '\(selection)' (it drives the DualSense, the Switch Pro Controller, "
                + "the Xbox Wireless Controller over Bluetooth, the Steam Deck and the Steam Controller): 'haptics devices' lists the pads, with their names and indexes"
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
        case .triggerMotorsOnly:
            "\(error); the resistance modes need adaptive triggers (a DualSense has)"
        }
    }

    /// What the audio driver's `error` means and what to do.
    package static func message(for error: AudioError) -> String {
        let bluetooth = "a DualSense's voice coils over Bluetooth play through --driver hidraw or auto"
        return switch error {
        case .noPad(let selection) where isDiscovery(selection):
            "no gamepad with a USB audio card was found: plug a DualSense in over USB and check that 'haptics devices' "
                + "lists it (\(troubleshooting) says what to check if it does not); \(bluetooth)"
        case .noPad(let selection):
            "no pad matches '\(selection)': 'haptics devices' lists the pads, with their names and indexes"
        case .localityUnavailable:
            "\(error): use --locality all, handles, left-handle or right-handle; its triggers play through --driver hidraw"
        case .noCard(_, isBluetooth: true):
            "\(error): \(bluetooth)"
        case .noCard, .noPlaybackDevice:
            "\(error): the voice coils play over USB through the pad's audio card (is the kernel's snd-usb-audio module loaded?); "
                + bluetooth
        case .busy:
            "\(error): free the card (PipeWire or PulseAudio: 'pactl set-card-profile CARD off', CARD the "
                + "DualSense's name in 'pactl list cards short'), then try again; \(troubleshooting) says more"
        case .permissionDenied:
            "\(error): the sound nodes belong to the 'audio' group and the seat's user; log in on the seat, "
                + "or add the user to 'audio'"
        case .writeFailed:
            "\(error); if the pad was unplugged, plug it back in and try again"
        case .cannotOpen, .configurationFailed:
            "\(error)"
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

    /// The notice when `auto` plays on the terminal for want of a usable pad: why, when it was
    /// not that no pad was found (`reason`); and, at a locality other than `all`, that no pad
    /// plays it, the terminal only showing what that part would play. `nil` when no pad was
    /// found and the locality is `all`: the terminal is what `auto` plays on then.
    package static func terminalNote(reason: (any Error)?, locality: Locality) -> String? {
        let shown = "the terminal shows what the \(noun(for: locality)) would play"
        switch (reason, locality) {
        case (nil, .all): return nil
        case (nil, _): return "no gamepad was found, so nothing plays at --locality \(locality.rawValue): \(shown)"
        case (let reason?, .all): return "\(message(for: reason)); drawing in the terminal instead"
        case (let reason?, _): return "\(message(for: reason)); nothing plays at --locality \(locality.rawValue): \(shown)"
        }
    }

    /// Whether `selection` leaves the pad to discovery (`auto`, `all`): then the person named
    /// no pad, and the message says none was found rather than quoting the selection.
    private static func isDiscovery(_ selection: DeviceSelection) -> Bool {
        selection == .auto || selection == .all
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
        let missing =
            isDiscovery(selection)
            ? "no gamepad with a trigger or stick was found" : "no gamepad with a trigger or stick matches '\(selection)'"
        return missing + ": plug one in, check 'haptics devices', or use --input none to pull with the keys alone"
    }

    /// The line `haptics devices` prints for `device` (after its index): its summary, and
    /// for a read-only node why that matters and where to read about it.
    package static func line(for device: EvdevDeviceInfo) -> String {
        device.isWritable ? device.summary : device.summary + ": rumble needs write access (see \(permissions))"
    }
}
