import HapticsAudio
import HapticsEvdev
import HapticsHidraw
import HapticsModel
import HapticsPlatform
import Testing

@testable import HapticsRouting

@Suite struct AdviceTests {
    private let pad = "/dev/input/event5"

    @Test func permissionDeniedNamesTheNodeAndTheFix() {
        let message = Advice.message(for: EvdevError.permissionDenied(node: pad))
        #expect(message.contains("udev/70-haptics.rules"))
        #expect(message.hasPrefix("permission denied opening \(pad) for writing: rumble needs write access: install the udev rule"))
        #expect(message.hasSuffix("(see PERMISSIONS in haptics(1))"))
    }

    @Test func aBusyCardNamesItsHolderAndHowToFreeIt() {
        let holder = CardHolder(pid: 812, command: "pipewire")
        let message = Advice.message(for: AudioError.busy(card: "hw:Controller", node: "/dev/snd/pcmC1D0p", holder: holder))
        #expect(message.hasPrefix("hw:Controller (/dev/snd/pcmC1D0p) is busy: held by pipewire (pid 812): free the card"))
        #expect(message.contains("pactl set-card-profile CARD off"))
    }

    @Test func aDualSenseOverBluetoothHearsItsVoiceCoilsPlayThroughHidraw() {
        let message = Advice.message(for: AudioError.noCard(name: "DualSense", isBluetooth: true))
        #expect(
            message == "DualSense is connected over Bluetooth and has no USB audio card: "
                + "a DualSense's voice coils over Bluetooth play through --driver hidraw or auto")
    }

    @Test func noFreeSlotExplainsWhoHoldsThem() {
        let message = Advice.message(for: EvdevError.noFreeEffectSlot(node: pad, name: "Pad", slots: 16))
        #expect(message.contains("another program"))
    }

    @Test(arguments: [DeviceSelection.auto, .all])
    func noPadWhereNoneWasNamedSaysNoneWasFoundAndWhatToCheck(selection: DeviceSelection) {
        #expect(
            Advice.message(for: EvdevError.noDevice(selection: selection, directory: "/dev/input"))
                == "no gamepad that can vibrate was found in /dev/input: plug one in (USB or Bluetooth) and check that "
                + "'haptics devices' lists it (TROUBLESHOOTING in haptics(1) says what to check if it does not), "
                + "or use --driver stdout to play on the terminal")
        let hidraw = Advice.message(for: HidrawError.noPad(selection: selection))
        #expect(hidraw.hasPrefix("no gamepad was found: plug in one whose hidraw node this tool drives"))
        #expect(hidraw.hasSuffix("(TROUBLESHOOTING in haptics(1) says what to check if it does not)"))
        for message in [hidraw, Advice.inputMessage(for: EvdevError.noDevice(selection: selection, directory: "/dev/input"))] {
            #expect(!message.contains("'\(selection)'") && !message.contains("--driver evdev"), "\(message)")
        }
    }

    @Test func noPadMatchingWhatWasNamedQuotesItAndPointsAtTheList() {
        #expect(
            Advice.message(for: EvdevError.noDevice(selection: .name("Wheel"), directory: "/dev/input"))
                == "no rumble-capable device matches 'Wheel' in /dev/input: 'haptics devices' lists the pads, with their names and indexes"
        )
        #expect(
            Advice.message(for: HidrawError.noPad(selection: .index(2))).hasPrefix("no pad whose hidraw node this tool drives matches '2'"))
    }

    @Test func theTerminalInPlaceOfAPadNotesALocalityNoPadPlays() {
        #expect(Advice.terminalNote(reason: nil, locality: .all) == nil)
        #expect(
            Advice.terminalNote(reason: nil, locality: .rightTrigger)
                == "no gamepad was found, so nothing plays at --locality right-trigger: the terminal shows what the right trigger would play"
        )
        let busy = EvdevError.noFreeEffectSlot(node: pad, name: "Pad", slots: 16)
        #expect(Advice.terminalNote(reason: busy, locality: .all) == Advice.message(for: busy) + "; drawing in the terminal instead")
        #expect(
            Advice.terminalNote(reason: busy, locality: .handles)
                == Advice.message(for: busy) + "; nothing plays at --locality handles: the terminal shows what the handles would play")
    }

    @Test func otherErrorsAreTheirDescription() {
        struct Other: Error, CustomStringConvertible { var description: String { "something else" } }
        #expect(Advice.message(for: Other()) == "something else")
    }

    @Test func aReadOnlyDeviceSaysRumbleNeedsWriteAccess() {
        let capabilities = DeviceCapabilities(
            name: "Pad", vendor: 0x054c, product: 0x0ce6, bus: 3, hasRumble: true, hasPeriodic: true,
            hasGain: false, isGamepad: true, effectSlots: 16)
        let readOnly = EvdevDeviceInfo(node: pad, capabilities: capabilities, isWritable: false)
        #expect(Advice.line(for: readOnly).contains("read-only: rumble needs write access"))
        #expect(
            Advice.line(for: readOnly)
                == "\(pad)  Pad  [054c:0ce6 usb]  rumble, 16 slots, profile dualsense, read-only: rumble needs write access (see PERMISSIONS in haptics(1))"
        )
        let writable = EvdevDeviceInfo(node: pad, capabilities: capabilities, isWritable: true)
        #expect(Advice.line(for: writable) == writable.summary)
    }
}

/// What the hidraw driver's and the localities' errors tell a person.
@Suite struct HidrawAdviceTests {
    @Test func aLocalityThePadLacksNamesTheLocalitiesItHas() {
        let error = HidrawError.localityUnavailable(
            locality: .triggers, name: "the DualShock 4 (/dev/input/event5)", available: [.all, .handles, .leftHandle, .rightHandle])
        #expect(
            Advice.message(for: error)
                == "the DualShock 4 (/dev/input/event5) has no triggers: it plays at all, handles, left-handle, right-handle")
        let one = HidrawError.localityUnavailable(locality: .leftTrigger, name: "'Pad' (/dev/input/event2)", available: [.all])
        #expect(Advice.message(for: one) == "'Pad' (/dev/input/event2) has no left trigger: it plays at all")
    }

    @Test func noWriteAccessNamesTheNodeTheRuleAndHowToApplyIt() {
        let message = Advice.message(for: HidrawError.permissionDenied(node: "/dev/hidraw3", name: "the DualSense (/dev/input/event5)"))
        #expect(message.hasPrefix("the DualSense (/dev/input/event5): no write access to /dev/hidraw3"))
        #expect(message.contains("70-haptics.rules"))
        #expect(message.contains("sudo udevadm control --reload && sudo udevadm trigger"))
        #expect(message.contains("--driver evdev"))
    }

    @Test func triggersOnEvdevPointToHidraw() {
        let message = Advice.message(
            for: LocalityError.triggersNeedHidraw(locality: .rightTrigger, name: "the DualSense (/dev/input/event5)"))
        #expect(
            message
                == "the DualSense (/dev/input/event5): --locality right-trigger plays triggers, which the kernel's rumble (--driver evdev) does not reach: use --driver auto or hidraw"
        )
    }

    @Test func triggersWithoutAHidrawNodeSayWhatStillPlays() {
        let message = Advice.message(for: LocalityError.noHidrawNode(locality: .triggers, name: "'Pad' (/dev/input/event2)"))
        #expect(message.hasPrefix("'Pad' (/dev/input/event2) has no hidraw node to play --locality triggers through"))
        #expect(message.hasSuffix("its handles play with --locality handles"))
    }

    @Test func everyHidrawErrorSaysMoreThanItsCase() {
        let errors: [HidrawError] = [
            .noPad(selection: .auto), .unsupportedPad(name: "Pad", profile: "generic"),
            .noHidrawNode(device: "/dev/input/event5", name: "Pad"),
            .cannotOpen(node: "/dev/hidraw3", errno: Errno(5)), .writeFailed(node: "/dev/hidraw3", errno: Errno(19)),
            .invalidTriggerEffect(.feedback(start: .nan, strength: 1)), .noAdaptiveTriggers(name: "Pad"),
        ]
        for error in errors { #expect(Advice.message(for: error) != "\(error)") }
    }
}
