import CKernelTestSupport
import Synchronization

/// A USB Sony DualShock 4 (054c:09cc) made with uhid, bound by the kernel's `hid-sony` on
/// Linux 6.1 and by `hid-playstation` from 6.2 (the matrix's 7.3).
///
/// `hid-sony` maps the pad's buttons and sticks through the HID input layer, so the
/// descriptor's usages matter: buttons 1...14 become the gamepad's buttons. Its probe asks for
/// feature reports 0x02 (IMU calibration), 0x81 (the MAC) and 0xA3 (versions);
/// `hid-playstation`'s asks for 0x12 (pairing info, the MAC in bytes 1...6), 0x02 and 0xA3.
/// Rumble arrives in output report 0x05 from either: byte 4 the weak (right) motor, byte 5 the
/// strong (left) one; every such report carries both motors' current levels.
final class VirtualDualShock4: VirtualRumblePad {
    private static let serials = Atomic<UInt8>(0)

    /// `/dev/input/eventN` of the gamepad (the driver also makes touchpad and motion-sensor nodes).
    let node: String
    /// The HID driver that bound the pad.
    let driver: String
    /// The uhid device behind the pad.
    let device: UhidDevice

    /// Creates the pad and waits for its driver to register its gamepad; fails with the
    /// kernel log's last lines when it does not.
    init() throws {
        let serial = Self.serials.add(1, ordering: .relaxed).newValue
        let mac: [UInt8] = [serial, 0x00, 0x00, 0x34, 0x53, 0x44]
        (device, node, driver) = try UhidDevice.bound(
            UhidDevice.Identity(
                name: "Sony Interactive Entertainment Wireless Controller",
                phys: "usb-haptics-kernel-tests-dualshock4-\(serial)/input0",
                uniq: UhidDevice.address(mac), bus: BUS_USB, vendor: 0x054C, product: 0x09CC, version: 0x0100,
                descriptor: Self.reportDescriptor),
            featureReport: { Self.featureReport($0, mac: mac) }
        )
    }

    /// The motor bytes of an output report 0x05 (the driver sends no other).
    static func motorLevels(in report: [UInt8]) -> MotorLevels? {
        guard report.count > 5, report[0] == 0x05 else { return nil }
        return MotorLevels(weak: report[4], strong: report[5])
    }

    /// `hid-sony` and `hid-playstation` keep each magnitude's high byte.
    static func levels(strong: UInt16, weak: UInt16) -> MotorLevels {
        MotorLevels(weak: UInt8(weak >> 8), strong: UInt8(strong >> 8))
    }

    // MARK: - The device side

    /// The HID report descriptor, written for these tests from the HID 1.11 specification and
    /// the report sizes `hid-sony` expects of a USB DualShock 4.
    private static let reportDescriptor: [UInt8] = [
        0x05, 0x01,  // Usage Page (Generic Desktop)
        0x09, 0x05,  // Usage (Game Pad)
        0xA1, 0x01,  // Collection (Application)
        0x85, 0x01,  //   Report ID (1): input, 63 bytes
        0x09, 0x30,  //   Usage (X)          left stick
        0x09, 0x31,  //   Usage (Y)
        0x09, 0x32,  //   Usage (Z)          right stick
        0x09, 0x35,  //   Usage (Rz)
        0x15, 0x00,  //   Logical Minimum (0)
        0x26, 0xFF, 0x00,  // Logical Maximum (255)
        0x75, 0x08,  //   Report Size (8 bits)
        0x95, 0x04,  //   Report Count (4)
        0x81, 0x02,  //   Input (Data, Variable, Absolute)
        0x09, 0x39,  //   Usage (Hat Switch)
        0x25, 0x07,  //   Logical Maximum (7)
        0x75, 0x04,  //   Report Size (4 bits)
        0x95, 0x01,  //   Report Count (1)
        0x81, 0x42,  //   Input (Data, Variable, Absolute, Null State)
        0x05, 0x09,  //   Usage Page (Button)
        0x19, 0x01,  //   Usage Minimum (1)
        0x29, 0x0E,  //   Usage Maximum (14)
        0x25, 0x01,  //   Logical Maximum (1)
        0x75, 0x01,  //   Report Size (1 bit)
        0x95, 0x0E,  //   Report Count (14)
        0x81, 0x02,  //   Input (Data, Variable, Absolute)
        0x06, 0x00, 0xFF,  // Usage Page (Vendor Defined 0xFF00)
        0x09, 0x20,  //   Usage (0x20)       report counter
        0x25, 0x3F,  //   Logical Maximum (63)
        0x75, 0x06,  //   Report Size (6 bits)
        0x95, 0x01,  //   Report Count (1)
        0x81, 0x02,  //   Input (Data, Variable, Absolute)
        0x05, 0x01,  //   Usage Page (Generic Desktop)
        0x09, 0x33,  //   Usage (Rx)         triggers
        0x09, 0x34,  //   Usage (Ry)
        0x26, 0xFF, 0x00,  // Logical Maximum (255)
        0x75, 0x08,  //   Report Size (8 bits)
        0x95, 0x02,  //   Report Count (2)
        0x81, 0x02,  //   Input (Data, Variable, Absolute)
        0x06, 0x00, 0xFF,  // Usage Page (Vendor Defined 0xFF00)
        0x09, 0x21,  //   Usage (0x21)       timestamp, motion, battery, touch
        0x95, 0x36,  //   Report Count (54)
        0x81, 0x02,  //   Input (Data, Variable, Absolute)
        0x85, 0x05,  //   Report ID (5): output, 31 bytes (rumble, lightbar)
        0x09, 0x22,  //   Usage (0x22)
        0x95, 0x1F,  //   Report Count (31)
        0x91, 0x02,  //   Output (Data, Variable, Absolute)
        0x85, 0x02,  //   Report ID (2): feature, 36 bytes of IMU calibration
        0x09, 0x23,  //   Usage (0x23)
        0x95, 0x24,  //   Report Count (36)
        0xB1, 0x02,  //   Feature (Data, Variable, Absolute)
        0x85, 0x81,  //   Report ID (129): feature, 6 bytes: the MAC
        0x09, 0x24,  //   Usage (0x24)
        0x95, 0x06,  //   Report Count (6)
        0xB1, 0x02,  //   Feature (Data, Variable, Absolute)
        0x85, 0x12,  //   Report ID (18): feature, 15 bytes of pairing info: the MAC first
        0x09, 0x26,  //   Usage (0x26)
        0x95, 0x0F,  //   Report Count (15)
        0xB1, 0x02,  //   Feature (Data, Variable, Absolute)
        0x85, 0xA3,  //   Report ID (163): feature, 48 bytes of version info
        0x09, 0x25,  //   Usage (0x25)
        0x95, 0x30,  //   Report Count (48)
        0xB1, 0x02,  //   Feature (Data, Variable, Absolute)
        0xC0,  //       End Collection
    ]

    /// The reply to a GET_REPORT of feature report `id`: the id, then the report's bytes, as
    /// long as the descriptor says. Over USB the reports carry no CRC.
    private static func featureReport(_ id: UInt8, mac: [UInt8]) -> [UInt8]? {
        let le16 = { (value: Int16) in UhidDevice.bytes(littleEndian: value) }
        var report: [UInt8]
        switch id {
        case 0x81:
            report = [id] + mac
        case 0x12:
            report = [id] + mac + [UInt8](repeating: 0, count: 9)
        case 0x02:
            // IMU calibration, signed little-endian, in the USB order: gyro biases 0, then
            // the gyro's plus and minus readings per axis, the speeds, and the accelerometer's
            // plus and minus 1 g. The driver divides by (plus - minus), so those must differ.
            report = [id] + le16(0) + le16(0) + le16(0)
            for _ in 0..<3 { report += le16(8_000) + le16(-8_000) }
            report += le16(540) + le16(540)
            for _ in 0..<3 { report += le16(8_192) + le16(-8_192) }
            report += [UInt8](repeating: 0, count: 37 - report.count)
        case 0xA3:
            // Version info: build date and time, then the hardware version in bytes 35...36
            // and the firmware version in 41...42, little-endian.
            report = [id] + Array("Jan 01 2024".utf8)
            report += [UInt8](repeating: 0, count: 17 - report.count) + Array("12:00:00".utf8)
            report += [UInt8](repeating: 0, count: 35 - report.count) + le16(0x0100)
            report += [UInt8](repeating: 0, count: 41 - report.count) + le16(0x0A01)
            report += [UInt8](repeating: 0, count: 49 - report.count)
        default:
            return nil
        }
        return report
    }
}
