import HapticsEvdev
import Testing

@testable import HapticsCommandLine

@Suite struct AdviceTests {
    private let pad = "/dev/input/event5"

    @Test func permissionDeniedNamesTheNodeAndTheFix() {
        let message = Advice.message(for: EvdevError.permissionDenied(node: pad))
        #expect(message.contains("udev/70-haptics.rules"))
        #expect(message.hasPrefix("permission denied opening \(pad) for writing: rumble needs write access. Install the udev rule"))
    }

    @Test func noFreeSlotExplainsWhoHoldsThem() {
        let message = Advice.message(for: EvdevError.noFreeEffectSlot(node: pad, name: "Pad", slots: 16))
        #expect(message.contains("another program"))
    }

    @Test func noDeviceSaysWhatToDo() {
        #expect(
            Advice.message(for: EvdevError.noDevice(selection: .auto, directory: "/dev/input"))
                == "no rumble-capable device matches 'auto' in /dev/input: plug in a gamepad (USB or Bluetooth), check 'haptics devices', or use --driver stdout"
        )
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
                == "\(pad)  Pad  [054c:0ce6 usb]  rumble, 16 slots, profile dualsense, read-only: rumble needs write access (see README, Real hardware)"
        )
        let writable = EvdevDeviceInfo(node: pad, capabilities: capabilities, isWritable: true)
        #expect(Advice.line(for: writable) == writable.summary)
    }
}
