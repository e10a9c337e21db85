import Haptics
import HapticsEvdev

/// The evdev driver against the other kernel gamepad drivers with rumble that bind uhid pads:
/// a USB DualShock 4 (`hid-sony` on 6.1; from Linux 6.2 `hid-playstation` takes it, so on
/// 7.3) and an Xbox One S over Bluetooth (`hid-microsoft`). Each is checked for what DeviceDiscovery sees and for presets that tell
/// the motors apart, with `PadPlayback`'s guarantees.
enum OtherPadTests {
    /// One test per pad.
    static func all() -> [KernelTest] {
        [
            KernelTest(name: "uhid dualshock4: hid-sony (6.1) or hid-playstation (7.3) binds and presets reach the motors in order") {
                let driver = KernelVersion.current.isAtLeast(6, 2) ? "playstation" : "sony"
                try await bindsAndRumbles(try VirtualDualShock4(), driver: driver, usbID: "054c:09cc", bus: "usb")
            },
            KernelTest(name: "uhid xbox: hid-microsoft binds and presets reach the motors in order") {
                try await bindsAndRumbles(try VirtualXboxPad(), driver: "microsoft", usbID: "045e:02fd", bus: "bluetooth")
            },
        ]
    }

    /// The pad is bound by `driver`, discovered as a rumble gamepad, and plays presets.
    private static func bindsAndRumbles(_ pad: any VirtualRumblePad, driver: String, usbID: String, bus: String) async throws {
        defer { pad.destroy() }
        try expect(pad.driver == driver, "\(pad.node) is driven by \(pad.driver), not \(driver)")
        let devices = DeviceDiscovery().devices()
        let info = try require(devices.first { $0.node == pad.node }, "discovery does not list \(pad.node) among \(devices.map(\.node))")
        try expect(info.usbID == usbID && info.busName == bus, "\(pad.node) is \(info.usbID) on \(info.busName)")
        try expect(
            info.capabilities.hasRumble && info.capabilities.isGamepad && !info.capabilities.prefersPeriodic,
            "\(pad.node) should be a rumble gamepad: \(info.capabilities)")
        // heavy: both motors full; soft and rigid: each motor stronger in turn; success: a
        // stop between two levels.
        let presets: [Preset] = [.impact(.heavy), .impact(.soft), .impact(.rigid), .notification(.success)]
        let runs = try await PadPlayback.play(presets.map { Renderer().render($0.pattern) }, on: pad)
        for (preset, run) in zip(presets, runs) {
            try PadPlayback.check(run, on: pad, preset.name)
        }
    }
}
