import CKernelTestSupport
import Glibc
import Synchronization
import VirtualDevices

/// A Steam Deck's controller (USB 28de:1205) made with uhid: its vendor-page interface, the
/// one that takes the controller's commands, with the real one's report descriptor (Usage Page
/// 0xFFFF, 64-byte input, output and feature reports, no report ids).
///
/// Debian 6.1's hid-generic binds it and gives it a plain hidraw node. 7.3's hid-steam binds
/// it: at probe it asks for the serial (0xAE) and the attributes (0x83) by a SET_REPORT of the
/// request and a GET_REPORT of the answer, sets lizard mode (0x85, 0x8E), registers the
/// "Steam Deck" gamepad and its motion sensors, then makes a separate "client" HID device
/// that holds the hidraw node; opening that node takes the gamepad away until it is closed.
/// The emulator answers each GET_REPORT for the request before it and records every command
/// (`commands`), the kernel's and what a program writes to the node alike.
final class VirtualSteamDeck: Sendable {
    private static let serials = Atomic<UInt8>(0)

    /// The serial number the controller answers 0xAE with.
    static let serialNumber = "HAPTICSDECK"
    /// The gamepad's name under hid-steam.
    static let gamepadName = "Steam Deck"

    /// The uhid device behind the pad.
    let device: UhidDevice
    /// `/dev/hidrawN`: hid-steam's client node on 7.3, the device's own on 6.1.
    let node: String
    /// The drivers bound to the pad's HID devices (hid-steam's main and client device, or
    /// hid-generic), sorted.
    let drivers: [String]

    /// Creates the pad and waits for the kernel to bind it and make its hidraw node (hid-steam
    /// registers its gamepad before it); fails with what was set and the kernel log when it
    /// does not.
    init() throws {
        let serial = Self.serials.add(1, ordering: .relaxed).newValue
        let request = Mutex<[UInt8]>([])
        let device = try UhidDevice(
            UhidDevice.Identity(
                name: "Valve Software Steam Deck Controller", phys: "haptics-kernel-tests-deck-\(serial)/input2", uniq: "",
                bus: BUS_USB, vendor: 0x28DE, product: 0x1205, version: 0x0200, descriptor: Self.reportDescriptor),
            featureReport: { number in number == 0 ? Self.answer(to: request.withLock { $0 }) : nil },
            reportSet: { bytes in request.withLock { $0 = Array(bytes.dropFirst()) } })
        var found: (node: String, drivers: [String])?
        _ = Monotonic.wait(upTo: .seconds(5)) {
            found = Self.binding(of: device.identity.phys)
            return found != nil
        }
        guard let found else {
            device.destroy()
            throw TestFailure(
                description: "the kernel made no hidraw node for the Steam Deck; reports set: "
                    + "\(device.setReports.compactMap { SteamDeckCommand($0.bytes) }); kernel log:\n\(KernelLog.tail())")
        }
        self.device = device
        (node, drivers) = found
    }

    /// Whether hid-steam bound the pad (and so made its gamepad and the client node).
    var isBoundBySteam: Bool { drivers.contains("hid-steam") }

    /// Every command received so far, decoded, with when it arrived.
    var commands: [(at: Duration, command: SteamDeckCommand)] {
        device.setReports.compactMap { report in SteamDeckCommand(report.bytes).map { (report.at, $0) } }
    }

    /// `/dev/input/eventN` of hid-steam's "Steam Deck" gamepad while it exists.
    var gamepadNode: String? { Self.gamepadNode(of: device.identity.phys) }

    /// Sends the controller's state, input report 0x09 (hid-steam's
    /// `steam_do_deck_input_event` layout: `01 00 09 3C`, the right pad touched in byte 10 bit
    /// 4, its x and y as little-endian s16 at bytes 20 and 22), with the right trackpad
    /// touched at `rightTrackpadY` (x 0), or untouched for `nil`.
    func sendState(rightTrackpadY: Int16?) throws {
        var report = [UInt8](repeating: 0, count: 64)
        report.replaceSubrange(0..<4, with: [0x01, 0x00, 0x09, 0x3C])
        if let y = rightTrackpadY {
            report[10] = 0x10
            report.replaceSubrange(22..<24, with: UhidDevice.bytes(littleEndian: y))
        }
        try device.input(report)
    }

    /// Unplugs the pad.
    func destroy() { device.destroy() }

    // MARK: - The controller's answers

    /// The feature report answering `request` (the last message set, without its report
    /// number): the serial for 0xAE, the attributes for 0x83, else the request echoed; the
    /// report number 0 first, 65 bytes in all.
    private static func answer(to request: [UInt8]) -> [UInt8] {
        let message: [UInt8]
        switch request.first {
        case 0xAE:
            // The string attribute asked for (1: the unit's serial), then the string.
            let text = Array(serialNumber.utf8)
            message = [0xAE, UInt8(text.count + 1), request.count > 2 ? request[2] : 1] + text
        case 0x83:
            // Tag and little-endian u32 value each: the product id (1), the board revision
            // (9) and the input interval in µs (11).
            let attributes: [(UInt8, UInt32)] = [(1, 0x1205), (9, 0x2D), (11, 4000)]
            let payload = attributes.flatMap { [$0.0] + UhidDevice.bytes(littleEndian: $0.1) }
            message = [0x83, UInt8(payload.count)] + payload
        default:
            message = Array(request.prefix(64))
        }
        return [0] + message + [UInt8](repeating: 0, count: 64 - message.count)
    }

    // MARK: - Finding the kernel's devices

    /// The HID devices whose `HID_PHYS` is `phys` (hid-steam's client device has its pad's).
    private static func hidDevices(of phys: String) -> [String] {
        let root = "/sys/bus/hid/devices"
        return UhidDevice.entries(of: root).map { "\(root)/\($0)" }.filter {
            UhidDevice.text(of: "\($0)/uevent").split(separator: "\n").contains(Substring("HID_PHYS=\(phys)"))
        }
    }

    /// The hidraw node (once it exists) and the drivers bound, once one of the HID devices has
    /// a node and every one a driver.
    private static func binding(of phys: String) -> (node: String, drivers: [String])? {
        let devices = hidDevices(of: phys)
        let drivers = devices.compactMap { device in
            UhidDevice.text(of: "\(device)/uevent").split(separator: "\n").first { $0.hasPrefix("DRIVER=") }.map { String($0.dropFirst(7)) }
        }
        guard !devices.isEmpty, drivers.count == devices.count,
            let node = devices.lazy.compactMap({ UhidDevice.entries(of: "\($0)/hidraw").first { $0.hasPrefix("hidraw") } }).first
                .map({ "/dev/\($0)" }),
            access(node, F_OK) == 0
        else { return nil }
        return (node, drivers.sorted())
    }

    /// The event node of the input device named "Steam Deck" under the pad's HID devices,
    /// once it exists.
    private static func gamepadNode(of phys: String) -> String? {
        for device in hidDevices(of: phys) {
            for input in UhidDevice.entries(of: "\(device)/input") where input.hasPrefix("input") {
                let name = UhidDevice.text(of: "\(device)/input/\(input)/name").prefix { $0 != "\n" }
                guard name == gamepadName,
                    let event = UhidDevice.entries(of: "\(device)/input/\(input)").first(where: { $0.hasPrefix("event") }),
                    access("/dev/input/\(event)", F_OK) == 0
                else { continue }
                return "/dev/input/\(event)"
            }
        }
        return nil
    }

    /// The report descriptor of the Deck controller's interface 2, as the pad reports it:
    /// 64 bytes of input, output and feature on the vendor page 0xFFFF, no report ids.
    private static let reportDescriptor: [UInt8] = [
        0x06, 0xFF, 0xFF,  // Usage Page (Vendor Defined 0xFFFF)
        0x09, 0x01,  // Usage (0x01)
        0xA1, 0x01,  // Collection (Application)
        0x15, 0x00,  //   Logical Minimum (0)
        0x26, 0xFF, 0x00,  // Logical Maximum (255)
        0x75, 0x08,  //   Report Size (8 bits)
        0x95, 0x40,  //   Report Count (64)
        0x09, 0x01,  //   Usage (0x01)
        0x81, 0x02,  //   Input (Data, Variable, Absolute)
        0x09, 0x01,  //   Usage (0x01)
        0x91, 0x02,  //   Output (Data, Variable, Absolute)
        0x09, 0x01,  //   Usage (0x01)
        0xB1, 0x02,  //   Feature (Data, Variable, Absolute)
        0xC0,  //       End Collection
    ]
}
