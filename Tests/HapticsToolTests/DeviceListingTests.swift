import HapticsAudio
import HapticsEvdev
import HapticsHidraw
import HapticsModel
import Testing

@testable import HapticsTool

/// `haptics devices` lists each pad's localities and its hidraw node.
@Suite struct DeviceListingTests {
    private func device(vendor: UInt16, product: UInt16, writable: Bool = true) -> EvdevDeviceInfo {
        let capabilities = DeviceCapabilities(
            name: "Wireless Controller", vendor: vendor, product: product, bus: 3, hasRumble: true, hasPeriodic: true,
            hasGain: false, isGamepad: true, effectSlots: 16)
        return EvdevDeviceInfo(node: "/dev/input/event5", capabilities: capabilities, isWritable: writable)
    }

    @Test func aDualSenseWithItsHidrawNode() {
        let pad = device(vendor: 0x054c, product: 0x0ce6)
        let hidraw = HidrawPadInfo(device: pad, node: "/dev/hidraw3", isWritable: false, model: .dualSense, isBluetooth: false)
        let listing = DeviceListing(device: pad, hidraw: hidraw)
        #expect(listing.localities == [.all, .handles, .leftHandle, .rightHandle, .triggers, .leftTrigger, .rightTrigger])
        #expect(
            listing.json.hasSuffix(
                #","profile":"dualsense","localities":["all","handles","left-handle","right-handle","triggers","left-trigger","right-trigger"],"hidraw":{"node":"/dev/hidraw3","writable":false},"actuators":[{"locality":"left-handle","kind":"voice-coil","frequency_hz":null,"amplitude_steps":255,"shortest_pulse_ms":20},{"locality":"right-handle","kind":"voice-coil","frequency_hz":null,"amplitude_steps":255,"shortest_pulse_ms":20},{"locality":"left-trigger","kind":"trigger","frequency_hz":[10,160],"amplitude_steps":8,"shortest_pulse_ms":20},{"locality":"right-trigger","kind":"trigger","frequency_hz":[10,160],"amplitude_steps":8,"shortest_pulse_ms":20}],"audio":null}"#
            ))
        #expect(listing.json.hasPrefix(String(pad.json.dropLast())))
        #expect(
            listing.line
                == pad.summary
                + "; localities all handles left-handle right-handle triggers left-trigger right-trigger"
                + "; hidraw /dev/hidraw3 read-only: triggers and HD Rumble need the udev rule")
    }

    @Test func aDualSenseOverUSBWithItsSoundCard() {
        let card = SoundCard(index: 1, id: "Controller", playbackNode: "/dev/snd/pcmC1D0p")
        let listing = DeviceListing(device: device(vendor: 0x054c, product: 0x0ce6), hidraw: nil, audio: card)
        #expect(listing.json.hasSuffix(#""audio":{"card":"hw:Controller","node":"/dev/snd/pcmC1D0p"}}"#))
        #expect(
            listing.json.contains(
                #""actuators":[{"locality":"left-handle","kind":"voice-coil","frequency_hz":[60,400],"amplitude_steps":65535,"shortest_pulse_ms":10},"#
                    + #"{"locality":"right-handle","kind":"voice-coil","frequency_hz":[60,400],"amplitude_steps":65535,"shortest_pulse_ms":10},"#
                    + #"{"locality":"left-trigger","kind":"trigger","#))
        #expect(listing.line.hasSuffix("; voice coils on hw:Controller (USB audio: auto plays the handles there)"))
    }

    @Test func aDualSenseOverBluetoothWithAWritableNodeNamesItsVoiceCoils() {
        let pad = device(vendor: 0x054c, product: 0x0ce6)
        let hidraw = HidrawPadInfo(device: pad, node: "/dev/hidraw3", isWritable: true, model: .dualSense, isBluetooth: true)
        let listing = DeviceListing(device: pad, hidraw: hidraw)
        #expect(listing.line.hasSuffix("; hidraw /dev/hidraw3; voice coils on /dev/hidraw3 (Bluetooth 0x32: auto plays the handles there)"))
        #expect(listing.json.contains(#"{"locality":"left-handle","kind":"voice-coil","frequency_hz":[60,400],"amplitude_steps":65535"#))
        let readOnly = DeviceListing(
            device: pad, hidraw: HidrawPadInfo(device: pad, node: "/dev/hidraw3", isWritable: false, model: .dualSense, isBluetooth: true))
        #expect(!readOnly.line.contains("voice coils"))
    }

    @Test func aDualShock4WithoutOne() {
        let listing = DeviceListing(device: device(vendor: 0x054c, product: 0x09cc), hidraw: nil)
        #expect(
            listing.json.hasSuffix(
                #","localities":["all","handles","left-handle","right-handle"],"hidraw":null,"actuators":[{"locality":"left-handle","kind":"eccentric","frequency_hz":null,"amplitude_steps":255,"shortest_pulse_ms":40},{"locality":"right-handle","kind":"eccentric","frequency_hz":null,"amplitude_steps":255,"shortest_pulse_ms":40}],"audio":null}"#
            ))
        #expect(listing.line.hasSuffix("; localities all handles left-handle right-handle"))
    }

    @Test func aSwitchProListsHDRumblesBandWhenItsHidrawNodeIsWritable() {
        let pad = device(vendor: 0x057e, product: 0x2009)
        for writable in [true, false] {
            let hidraw = HidrawPadInfo(device: pad, node: "/dev/hidraw4", isWritable: writable, model: .switchPro, isBluetooth: false)
            let listing = DeviceListing(device: pad, hidraw: hidraw)
            #expect(listing.limits == PadLimits(profile: writable ? .switchProHD : .switchPro))
            let band = writable ? "[41,1253]" : "null"
            #expect(
                listing.json.contains(
                    #""actuators":[{"locality":"left-handle","kind":"lra","frequency_hz":\#(band),"amplitude_steps":100,"#))
        }
    }

    @Test func aTouchpadIsOneActuatorAtAll() {
        let capabilities = DeviceCapabilities(
            name: "Haptic Touchpad", vendor: 1, product: 2, bus: 3, hasRumble: false, hasPeriodic: false, hasGain: false,
            isGamepad: false, effectSlots: 16, hasHaptic: true, isPressurePad: true)
        let listing = DeviceListing(
            device: EvdevDeviceInfo(node: "/dev/input/event9", capabilities: capabilities, isWritable: true), hidraw: nil)
        #expect(listing.limits == .touchpad)
        #expect(
            listing.json.hasSuffix(
                #""actuators":[{"locality":"all","kind":"touchpad","frequency_hz":null,"amplitude_steps":100,"shortest_pulse_ms":40}],"audio":null}"#
            ))
    }

    @Test func withNoPadDevicesPointsAtTheManualNotTheReadme() async {
        guard DeviceDiscovery().devices().isEmpty else {
            print("skipped: a device that can vibrate is plugged in")
            return
        }
        let (code, console) = await CapturedConsole.run("devices")
        #expect(code == .success)
        #expect(console.out.isEmpty)
        #expect(
            console.err
                == "no device that can vibrate was found in /dev/input: plug in a gamepad; "
                + "if it is plugged in, TROUBLESHOOTING in haptics(1) ('man haptics') says what to check")
    }
}
