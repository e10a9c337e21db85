import Glibc
import VirtualDevices

/// The USB DualSense over USB/IP (`VirtualUSBDualSense`): the kernel's own drivers bind its
/// HID and audio functions.
enum USBAudioTests {
    /// The tests, named "usb audio ...".
    static func all() -> [KernelTest] {
        [KernelTest(name: "usb audio: hid-playstation and snd-usb-audio bind the USB DualSense", body: bindsBothFunctions)]
    }

    /// hid-playstation registers the gamepad and sends its output reports on the interrupt OUT
    /// endpoint; snd-usb-audio makes card `Controller` whose playback stream is 4 channels of
    /// S16_LE at 48 kHz.
    static func bindsBothFunctions() async throws {
        let pad = try VirtualUSBDualSense()
        defer { pad.detach() }
        let (_, card) = try pad.waitForBinding()
        let stream = readText("/proc/asound/card\(card)/stream0") ?? ""
        for fact in ["Format: S16_LE", "Channels: 4", "Rates: 48000"] {
            try expect(stream.contains(fact), "card \(card)'s stream0 lacks \"\(fact)\":\n\(stream)")
        }
        try expect(
            Monotonic.wait(upTo: .seconds(2)) { pad.outputReports.contains { $0.first == 0x02 } },
            "hid-playstation sent no output report 0x02 on the interrupt OUT endpoint")
    }
}
