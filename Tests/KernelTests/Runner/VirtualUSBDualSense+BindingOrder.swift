import Glibc
import VirtualDevices

extension VirtualUSBDualSense {
    /// Attaches a pad with the USB bus's automatic probing off, then binds its HID interface
    /// alone: its gamepad appears, its sound card does not until `bindSoundCard(of:)`, as when
    /// snd-usb-audio is loaded (or binds) after hid-playstation on a real machine. Probing is
    /// on again before it returns or throws.
    static func attachingTheGamepadFirst() throws -> (pad: VirtualUSBDualSense, device: String) {
        let autoprobe = "/sys/bus/usb/drivers_autoprobe"
        try writeAttribute("0", to: autoprobe)
        defer { try? writeAttribute("1", to: autoprobe) }
        let pad = try VirtualUSBDualSense()
        do {
            var found: String?
            _ = Monotonic.wait(upTo: .seconds(3)) {
                found = usbDevice()
                return found != nil
            }
            let device = try require(found, "the USB DualSense never appeared on the USB bus")
            try writeAttribute(device, to: "/sys/bus/usb/drivers/usb/bind")
            try expect(
                Monotonic.wait(upTo: .seconds(3)) { access("/sys/bus/usb/devices/\(device):1.2", F_OK) == 0 },
                "the USB DualSense's interfaces did not appear")
            try writeAttribute("\(device):1.2", to: "/sys/bus/usb/drivers/usbhid/bind")
            try expect(Monotonic.wait(upTo: .seconds(3)) { eventNode() != nil }, "the USB DualSense's gamepad did not appear")
            try expect(card() == nil, "the USB DualSense's sound card bound with its gamepad")
            return (pad, device)
        } catch {
            pad.detach()
            throw error
        }
    }

    /// Binds the audio interfaces of the pad at USB `device` to snd-usb-audio and waits for
    /// its card.
    static func bindSoundCard(of device: String) throws {
        try writeAttribute("\(device):1.0", to: "/sys/bus/usb/drivers/snd-usb-audio/bind")
        try expect(Monotonic.wait(upTo: .seconds(3)) { card() != nil }, "the USB DualSense's sound card did not appear")
    }

    /// The USB device name (`1-1`) of the DualSense on vhci-hcd, or nil.
    private static func usbDevice() -> String? {
        UhidDevice.entries(of: "/sys/bus/usb/devices").first { name in
            let path = "/sys/bus/usb/devices/\(name)"
            guard readText("\(path)/idVendor") == "054c\n", readText("\(path)/idProduct") == "0ce6\n",
                let resolved = realpath(path, nil)
            else { return false }
            defer { free(resolved) }
            return String(cString: resolved).contains("/vhci_hcd.0/")
        }
    }

    /// Writes a sysfs attribute, failing with the errno when the kernel refuses it.
    private static func writeAttribute(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        try expect(fd >= 0, "cannot open \(path): \(String(cString: strerror(errno)))")
        defer { close(fd) }
        let written = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        try expect(written == text.utf8.count, "writing \"\(text)\" to \(path): \(String(cString: strerror(errno)))")
    }
}
