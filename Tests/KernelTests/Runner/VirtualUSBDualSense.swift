import Glibc
import Synchronization
import VirtualDevices

/// A Sony DualSense (054c:0ce6) on USB, attached over USB/IP (`USBIPServer`): its
/// configuration has the pad's UAC1 audio function, which `snd-usb-audio` binds as card
/// `Controller` with a 4-channel S16_LE 48 kHz playback PCM (one isochronous OUT packet of
/// 384 bytes per 1 ms), beside the HID interface that `usbhid` and `hid-playstation` bind.
///
/// The HID side answers the feature reports `hid-playstation` asks for as `VirtualDualSense`
/// does; the output reports the driver sends arrive on the interrupt OUT endpoint 3.
final class VirtualUSBDualSense: Sendable {
    private static let serials = Atomic<UInt8>(0)

    /// The USB/IP connection.
    let server: USBIPServer

    /// Attaches the pad to vhci port `port`.
    init(port: Int = 0) throws {
        let serial = Self.serials.add(1, ordering: .relaxed).newValue
        let mac: [UInt8] = [serial, 0x01, 0x00, 0x4B, 0x54, 0x48]
        server = try USBIPServer(port: port) { setup, _ in Self.answer(setup, mac: mac) }
    }

    /// The isochronous packets the audio stream carried, each 4 channels of 16-bit samples.
    var isochronousPackets: [USBIPServer.IsochronousPacket] { server.isochronousPackets }

    /// Waits until no isochronous packet has arrived for `quiet` (the stream has stopped), at
    /// most `timeout`: on the instruction clock, the packets of a stream may arrive well after
    /// the program that wrote it has exited. Returns whether the stream stopped in time.
    @discardableResult
    func waitUntilStreamStops(quiet: Duration = .milliseconds(100), upTo timeout: Duration = .seconds(3)) -> Bool {
        var (count, since) = (isochronousPackets.count, Monotonic.now)
        return Monotonic.wait(upTo: timeout) {
            let arrived = isochronousPackets.count
            if arrived != count { (count, since) = (arrived, Monotonic.now) }
            return Monotonic.now - since >= quiet
        }
    }

    /// The output reports the driver sent on the interrupt OUT endpoint, report id first.
    var outputReports: [[UInt8]] { outputTransfers.map(\.data) }

    /// The transfers of the output reports, each with the time it arrived.
    var outputTransfers: [USBIPServer.Transfer] { server.transfers.filter { $0.endpoint == 3 } }

    /// Unplugs the pad and waits (at most 2 s) until the kernel has removed its gamepad and
    /// its card, so the next pad attached binds as `Controller` again and is not mistaken
    /// for this one.
    func detach() {
        server.detach()
        _ = Monotonic.wait(upTo: .seconds(2)) { Self.eventNode() == nil && Self.card() == nil }
    }

    /// Waits for the kernel to bind both functions: an evdev gamepad named "... Wireless
    /// Controller" and the sound card `Controller`; returns the event node and the card's
    /// number, or fails with the kernel log's last lines.
    func waitForBinding(upTo timeout: Duration = .seconds(5)) throws -> (node: String, card: Int) {
        var found: (String, Int)?
        _ = Monotonic.wait(upTo: timeout) {
            found = Self.eventNode().flatMap { node in Self.card().map { (node, $0) } }
            return found != nil
        }
        guard let found else {
            throw TestFailure(
                description:
                    "the USB DualSense did not bind (evdev \(Self.eventNode() ?? "none"), card \(Self.card().map(String.init) ?? "none")); "
                    + "kernel log:\n\(KernelLog.tail())")
        }
        return found
    }

    /// `/dev/input/eventN` of the gamepad `hid-playstation` registers for a USB pad.
    static func eventNode() -> String? {
        for index in 0..<64 {
            let node = "/sys/class/input/event\(index)"
            guard let path = realpath(node, nil) else { continue }
            defer { free(path) }
            let name = readText("\(node)/device/name") ?? ""
            if name.hasSuffix("Wireless Controller\n") && String(cString: path).contains("/vhci_hcd.0/") {
                return "/dev/input/event\(index)"
            }
        }
        return nil
    }

    /// The number of the sound card whose id is `Controller`.
    static func card() -> Int? {
        (0..<8).first { readText("/proc/asound/card\($0)/id") == "Controller\n" }
    }

    // MARK: - The device side

    /// The answer to a control request, or nil to stall it.
    private static func answer(_ setup: [UInt8], mac: [UInt8]) -> [UInt8]? {
        let requestType = setup[0]
        let request = setup[1]
        let value = UInt16(setup[2]) | UInt16(setup[3]) << 8
        switch (requestType, request) {
        case (0x80, 0x06):  // GET_DESCRIPTOR
            switch value >> 8 {
            case 1: return deviceDescriptor
            case 2: return configuration
            case 3: return string(Int(value & 0xFF))
            default: return nil
            }
        case (0x81, 0x06) where value >> 8 == 0x22:  // the HID report descriptor
            return VirtualDualSense.reportDescriptor
        case (0x80, 0x00): return [0, 0]  // GET_STATUS
        case (0x00, 0x09), (0x01, 0x0B): return []  // SET_CONFIGURATION, SET_INTERFACE
        case (0xA1, 0x01) where value >> 8 == 3:  // HID GET_REPORT (feature)
            return VirtualDualSense.featureReport(UInt8(value & 0xFF), mac: mac)
        case (0x21, 0x0A): return []  // HID SET_IDLE
        default: return nil
        }
    }

    private static let deviceDescriptor: [UInt8] = [
        18, 0x01, 0x00, 0x02,  // USB 2.0
        0x00, 0x00, 0x00, 64,  // class per interface, EP0 64 bytes
        0x4C, 0x05, 0xE6, 0x0C,  // 054c:0ce6
        0x00, 0x01, 1, 2, 0, 1,  // bcdDevice 1.00, manufacturer 1, product 2, no serial, 1 configuration
    ]

    private static func string(_ index: Int) -> [UInt8]? {
        let text: String
        switch index {
        case 0: return [4, 0x03, 0x09, 0x04]  // English (US)
        case 1: text = "Sony Interactive Entertainment"
        case 2: text = "Wireless Controller"
        default: return nil
        }
        let units = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        return [UInt8(2 + units.count), 0x03] + units
    }

    /// Audio control (an input terminal fed by the stream, 4 channels L R Ls Rs, to a
    /// speaker), audio streaming (alt 0 without bandwidth, alt 1 PCM 4 × 16 bits at 48 kHz on
    /// an adaptive isochronous OUT endpoint 1, 384 bytes every 1 ms), HID (interrupt IN 4,
    /// OUT 3, every 1 ms).
    private static let configuration: [UInt8] = {
        let audioControl: [UInt8] = [
            9, 0x24, 0x01, 0x00, 0x01, 30, 0, 1, 1,  // AC header: UAC 1.00, 30 bytes, 1 streaming interface (1)
            12, 0x24, 0x02, 1, 0x01, 0x01, 0, 4, 0x33, 0x00, 0, 0,  // input terminal 1: USB streaming, 4 channels
            9, 0x24, 0x03, 2, 0x01, 0x03, 0, 1, 0,  // output terminal 2: speaker, from 1
        ]
        let hidDescriptor: [UInt8] = [
            9, 0x21, 0x11, 0x01, 0, 1, 0x22, UInt8(VirtualDualSense.reportDescriptor.count & 0xFF),
            UInt8(VirtualDualSense.reportDescriptor.count >> 8),
        ]
        let body: [UInt8] =
            [9, 0x04, 0, 0, 0, 0x01, 0x01, 0, 0] + audioControl
            + [9, 0x04, 1, 0, 0, 0x01, 0x02, 0, 0]  // streaming, alt 0
            + [9, 0x04, 1, 1, 1, 0x01, 0x02, 0, 0]  // streaming, alt 1
            + [7, 0x24, 0x01, 1, 1, 0x01, 0x00]  // AS general: terminal 1, PCM
            + [11, 0x24, 0x02, 0x01, 4, 2, 16, 1, 0x80, 0xBB, 0x00]  // type I: 4 ch, 2 bytes, 16 bits, 48,000 Hz
            + [9, 0x05, 0x01, 0x09, 0x80, 0x01, 4, 0, 0]  // EP 1 OUT, isochronous adaptive, 384 bytes, every 8 microframes
            + [7, 0x25, 0x01, 0x00, 0, 0, 0]  // audio endpoint: no controls
            + [9, 0x04, 2, 0, 2, 0x03, 0x00, 0x00, 0] + hidDescriptor
            + [7, 0x05, 0x84, 0x03, 64, 0, 4]  // EP 4 IN, interrupt, 64 bytes
            + [7, 0x05, 0x03, 0x03, 64, 0, 4]  // EP 3 OUT, interrupt, 64 bytes
        let total = 9 + body.count
        return [9, 0x02, UInt8(total & 0xFF), UInt8(total >> 8), 3, 1, 0, 0xC0, 0xFA] + body
    }()
}
