import CKernelTestSupport
import Synchronization

/// An Xbox One S controller over Bluetooth (045e:02fd) made with uhid, bound by the kernel's
/// `hid-microsoft`.
///
/// The driver asks for nothing at probe: the HID input layer maps the descriptor's buttons
/// and sticks, and `hid-microsoft` adds rumble. Rumble arrives as output report 0x03: an
/// enable mask in byte 1, then four magnitudes 0...100 (left trigger, right trigger, strong
/// motor in byte 4, weak motor in byte 5), a duration, a delay and a loop count
/// (`XboxRumbleReport`); the driver leaves the trigger motors at 0, a program writing to the
/// pad's hidraw node may set them.
final class VirtualXboxPad: VirtualRumblePad {
    private static let serials = Atomic<UInt8>(0)

    /// `/dev/input/eventN` of the gamepad.
    let node: String
    /// The HID driver that bound the pad.
    let driver: String
    /// The uhid device behind the pad.
    let device: UhidDevice

    /// Creates the pad and waits for `hid-microsoft` to register it with rumble; fails with
    /// the kernel log's last lines when it does not.
    init() throws {
        let serial = Self.serials.add(1, ordering: .relaxed).newValue
        (device, node, driver) = try UhidDevice.bound(
            UhidDevice.Identity(
                name: "Xbox Wireless Controller", phys: "haptics-kernel-tests-xbox-\(serial)",
                uniq: UhidDevice.address([serial, 0x00, 0x00, 0x58, 0x54, 0x48]),
                bus: BUS_BLUETOOTH, vendor: 0x045E, product: 0x02FD, version: 0x0903,
                descriptor: Self.reportDescriptor),
            featureReport: { _ in nil }
        )
    }

    /// Every output report 0x03 received so far, decoded (all four magnitudes, the enable
    /// mask, duration, delay and loop count), in order.
    var rumbleReports: [XboxRumbleReport] { device.outputs.compactMap(XboxRumbleReport.init) }

    /// Sends input report 1 with the sticks centred, no button down and the triggers at `left`
    /// and `right` (0 at rest ... 1 fully pulled), each a 10-bit value in 16 bits,
    /// little-endian, after the four stick axes, as the descriptor lays them out.
    func moveTriggers(left: Double, right: Double) throws {
        let values = [left, right].map { UInt16((min(max($0, 0), 1) * 1023).rounded()) }
        let centred: [UInt8] = [0x00, 0x80]
        let sticks = Array([[UInt8]](repeating: centred, count: 4).joined())
        let triggers = values.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        try device.input([0x01] + sticks + triggers + [0x00, 0x00, 0x00])
    }

    /// The motor bytes of an output report 0x03 (the driver sends no other).
    static func motorLevels(in report: [UInt8]) -> MotorLevels? {
        guard report.count > 5, report[0] == 0x03 else { return nil }
        return MotorLevels(weak: report[5], strong: report[4])
    }

    /// `hid-microsoft` scales each magnitude to 0...100.
    static func levels(strong: UInt16, weak: UInt16) -> MotorLevels {
        MotorLevels(weak: UInt8(UInt32(weak) * 100 / 0xFFFF), strong: UInt8(UInt32(strong) * 100 / 0xFFFF))
    }

    /// The HID report descriptor, written for these tests from the HID 1.11 specification:
    /// sticks, triggers, a hat and 15 buttons in input report 1, and the 8-byte rumble
    /// output report 3 `hid-microsoft` writes.
    private static let reportDescriptor: [UInt8] = [
        0x05, 0x01,  // Usage Page (Generic Desktop)
        0x09, 0x05,  // Usage (Game Pad)
        0xA1, 0x01,  // Collection (Application)
        0x85, 0x01,  //   Report ID (1): input, 15 bytes
        0x09, 0x30,  //   Usage (X)          left stick
        0x09, 0x31,  //   Usage (Y)
        0x09, 0x32,  //   Usage (Z)          right stick
        0x09, 0x35,  //   Usage (Rz)
        0x15, 0x00,  //   Logical Minimum (0)
        0x27, 0xFF, 0xFF, 0x00, 0x00,  // Logical Maximum (65535)
        0x75, 0x10,  //   Report Size (16 bits)
        0x95, 0x04,  //   Report Count (4)
        0x81, 0x02,  //   Input (Data, Variable, Absolute)
        0x05, 0x02,  //   Usage Page (Simulation Controls)
        0x09, 0xC5,  //   Usage (Brake)      left trigger
        0x09, 0xC4,  //   Usage (Accelerator) right trigger
        0x26, 0xFF, 0x03,  // Logical Maximum (1023)
        0x95, 0x02,  //   Report Count (2)
        0x81, 0x02,  //   Input (Data, Variable, Absolute)
        0x05, 0x01,  //   Usage Page (Generic Desktop)
        0x09, 0x39,  //   Usage (Hat Switch)
        0x15, 0x01,  //   Logical Minimum (1)
        0x25, 0x08,  //   Logical Maximum (8)
        0x75, 0x04,  //   Report Size (4 bits)
        0x95, 0x01,  //   Report Count (1)
        0x81, 0x42,  //   Input (Data, Variable, Absolute, Null State)
        0x81, 0x03,  //   Input (Constant): 4 bits of padding
        0x05, 0x09,  //   Usage Page (Button)
        0x19, 0x01,  //   Usage Minimum (1)
        0x29, 0x0F,  //   Usage Maximum (15)
        0x15, 0x00,  //   Logical Minimum (0)
        0x25, 0x01,  //   Logical Maximum (1)
        0x75, 0x01,  //   Report Size (1 bit)
        0x95, 0x0F,  //   Report Count (15)
        0x81, 0x02,  //   Input (Data, Variable, Absolute)
        0x95, 0x01,  //   Report Count (1)
        0x81, 0x03,  //   Input (Constant): 1 bit of padding
        0x06, 0x00, 0xFF,  // Usage Page (Vendor Defined 0xFF00)
        0x85, 0x03,  //   Report ID (3): output, 8 bytes of rumble
        0x09, 0x21,  //   Usage (0x21)
        0x26, 0xFF, 0x00,  // Logical Maximum (255)
        0x75, 0x08,  //   Report Size (8 bits)
        0x95, 0x08,  //   Report Count (8)
        0x91, 0x02,  //   Output (Data, Variable, Absolute)
        0xC0,  //       End Collection
    ]
}
