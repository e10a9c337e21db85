import CKernelTestSupport
import Synchronization

/// A Sony DualSense (054c:0ce6), over USB or Bluetooth, made with uhid, bound by the kernel's
/// own `hid-playstation`.
///
/// Its device side answers the three feature reports `hid-playstation`'s probe asks for on
/// Linux 6.1: pairing info 0x09 (the MAC), firmware info 0x20 and IMU calibration 0x05; and
/// it reads the output reports 0x02 the driver sends (0x31 over Bluetooth, with a CRC), whose
/// motor bytes drive the weak (right) and strong (left) motors, and whose trigger effect blocks a program writing to the
/// pad's hidraw node sets (`outputReports` decodes them all). Each pad has its own MAC, as the
/// driver refuses a second pad with the MAC of one it already has (the same pad over USB and
/// Bluetooth).
final class VirtualDualSense: VirtualRumblePad {
    /// The usual name of a DualSense.
    static let productName = "Sony Interactive Entertainment DualSense Wireless Controller"
    private static let serials = Atomic<UInt8>(0)

    /// `/dev/input/eventN` of the gamepad (the driver also makes touchpad and motion-sensor nodes).
    let node: String
    /// The HID driver that bound the pad.
    let driver: String
    /// The uhid device behind the pad.
    let device: UhidDevice
    /// Whether the pad is connected over Bluetooth.
    let isBluetooth: Bool

    /// Creates the pad, over USB or (`bluetooth`) over Bluetooth, and waits for
    /// `hid-playstation` to register its gamepad; fails with the kernel log's last lines when
    /// it does not.
    init(bluetooth: Bool = false) throws {
        isBluetooth = bluetooth
        let serial = Self.serials.add(1, ordering: .relaxed).newValue
        let mac: [UInt8] = [serial, 0x00, 0x00, 0x4B, 0x54, 0x48]
        let phys = bluetooth ? "haptics-kernel-tests-dualsense-\(serial)" : "usb-haptics-kernel-tests-dualsense-\(serial)/input0"
        (device, node, driver) = try UhidDevice.bound(
            UhidDevice.Identity(
                name: Self.productName, phys: phys, uniq: UhidDevice.address(mac), bus: bluetooth ? BUS_BLUETOOTH : BUS_USB,
                vendor: 0x054C, product: 0x0CE6, version: 0x0100,
                descriptor: bluetooth ? Self.bluetoothReportDescriptor : Self.reportDescriptor),
            featureReport: { id in
                Self.featureReport(id, mac: mac).map { bluetooth ? CRC32.sealed($0, seed: 0xA3) : $0 }
            }
        )
    }

    /// Every output report 0x02 received so far, decoded (motors, valid flags, both triggers'
    /// effect blocks), in order.
    var outputReports: [DualSenseOutputReport] { device.outputs.compactMap(DualSenseOutputReport.init) }

    /// Sends an input report with the triggers' fields (`DualSenseTriggerInput`), the rest at
    /// rest: 0x01 over USB, 0x31 with its CRC over Bluetooth.
    func sendTriggers(left: DualSenseTriggerInput, right: DualSenseTriggerInput) throws {
        try device.input(DualSenseTriggerInput.report(left: left, right: right, bluetooth: isBluetooth))
    }

    /// The feature report ids the driver asked for, in order.
    var featureRequests: [UInt8] { device.featureRequests }

    /// Whether the driver has the pad open.
    var isOpen: Bool { device.isOpen }

    /// The motor bytes of an output report 0x02 (0x31 over Bluetooth) that sets the motors. The
    /// driver also sends reports for the lightbar and player LEDs whose motor bytes are 0 and
    /// mean nothing; a rumble update sets bit 1 ("haptics select") of the first valid-flag byte,
    /// with the classic rumble bit 0 on 6.1 and its replacement in another byte on newer kernels.
    static func motorLevels(in report: [UInt8]) -> MotorLevels? {
        guard let common = DualSenseOutputReport.commonOffset(in: report), report[common] & 0x02 != 0 else { return nil }
        return MotorLevels(weak: report[common + 2], strong: report[common + 3])
    }

    /// `hid-playstation` keeps each magnitude's high byte.
    static func levels(strong: UInt16, weak: UInt16) -> MotorLevels {
        MotorLevels(weak: UInt8(weak >> 8), strong: UInt8(strong >> 8))
    }

    // MARK: - The device side

    /// The HID report descriptor, written for these tests from the HID 1.11 specification and
    /// the report sizes `hid-playstation` expects of a USB DualSense. The driver reads the
    /// reports raw (it asks the HID core for hidraw only), so the usages only need to describe
    /// a gamepad; the report ids and sizes are what matter.
    static let reportDescriptor: [UInt8] = [
        0x05, 0x01,  // Usage Page (Generic Desktop)
        0x09, 0x05,  // Usage (Game Pad)
        0xA1, 0x01,  // Collection (Application)
        0x85, 0x01,  //   Report ID (1): input, 63 bytes
        0x09, 0x30,  //   Usage (X)          left stick
        0x09, 0x31,  //   Usage (Y)
        0x09, 0x33,  //   Usage (Rx)         right stick
        0x09, 0x34,  //   Usage (Ry)
        0x09, 0x32,  //   Usage (Z)          triggers
        0x09, 0x35,  //   Usage (Rz)
        0x15, 0x00,  //   Logical Minimum (0)
        0x26, 0xFF, 0x00,  // Logical Maximum (255)
        0x75, 0x08,  //   Report Size (8 bits)
        0x95, 0x06,  //   Report Count (6)
        0x81, 0x02,  //   Input (Data, Variable, Absolute)
        0x06, 0x00, 0xFF,  // Usage Page (Vendor Defined 0xFF00)
        0x09, 0x20,  //   Usage (0x20)       counter, buttons, motion, touch, battery
        0x95, 0x39,  //   Report Count (57)
        0x81, 0x02,  //   Input (Data, Variable, Absolute)
        0x85, 0x02,  //   Report ID (2): output, 47 bytes (rumble, LEDs, ...)
        0x09, 0x21,  //   Usage (0x21)
        0x95, 0x2F,  //   Report Count (47)
        0x91, 0x02,  //   Output (Data, Variable, Absolute)
        0x85, 0x05,  //   Report ID (5): feature, 40 bytes of IMU calibration
        0x09, 0x22,  //   Usage (0x22)
        0x95, 0x28,  //   Report Count (40)
        0xB1, 0x02,  //   Feature (Data, Variable, Absolute)
        0x85, 0x09,  //   Report ID (9): feature, 19 bytes of pairing info
        0x09, 0x23,  //   Usage (0x23)
        0x95, 0x13,  //   Report Count (19)
        0xB1, 0x02,  //   Feature (Data, Variable, Absolute)
        0x85, 0x20,  //   Report ID (32): feature, 63 bytes of firmware info
        0x09, 0x24,  //   Usage (0x24)
        0x95, 0x3F,  //   Report Count (63)
        0xB1, 0x02,  //   Feature (Data, Variable, Absolute)
        0xC0,  //       End Collection
    ]

    /// The same over Bluetooth: the input and output reports are 0x31, 77 bytes after the id
    /// (their last four a CRC), the voice coils' output report 0x32 141, and the feature reports are as long as over USB, their last
    /// four bytes a CRC too.
    private static let bluetoothReportDescriptor: [UInt8] = [
        0x05, 0x01,  // Usage Page (Generic Desktop)
        0x09, 0x05,  // Usage (Game Pad)
        0xA1, 0x01,  // Collection (Application)
        0x85, 0x31,  //   Report ID (49): input, 77 bytes
        0x06, 0x00, 0xFF,  // Usage Page (Vendor Defined 0xFF00)
        0x09, 0x20,  //   Usage (0x20)       sticks, buttons, motion, touch, battery, CRC
        0x15, 0x00,  //   Logical Minimum (0)
        0x26, 0xFF, 0x00,  // Logical Maximum (255)
        0x75, 0x08,  //   Report Size (8 bits)
        0x95, 0x4D,  //   Report Count (77)
        0x81, 0x02,  //   Input (Data, Variable, Absolute)
        0x09, 0x21,  //   Usage (0x21)       rumble, triggers, LEDs, ..., CRC
        0x95, 0x4D,  //   Report Count (77)
        0x91, 0x02,  //   Output (Data, Variable, Absolute)
        0x85, 0x32,  //   Report ID (50): output, 141 bytes: the voice coils' samples and CRC
        0x09, 0x25,  //   Usage (0x25)
        0x95, 0x8D,  //   Report Count (141)
        0x91, 0x02,  //   Output (Data, Variable, Absolute)
        0x85, 0x05,  //   Report ID (5): feature, 40 bytes of IMU calibration and CRC
        0x09, 0x22,  //   Usage (0x22)
        0x95, 0x28,  //   Report Count (40)
        0xB1, 0x02,  //   Feature (Data, Variable, Absolute)
        0x85, 0x09,  //   Report ID (9): feature, 19 bytes of pairing info and CRC
        0x09, 0x23,  //   Usage (0x23)
        0x95, 0x13,  //   Report Count (19)
        0xB1, 0x02,  //   Feature (Data, Variable, Absolute)
        0x85, 0x20,  //   Report ID (32): feature, 63 bytes of firmware info and CRC
        0x09, 0x24,  //   Usage (0x24)
        0x95, 0x3F,  //   Report Count (63)
        0xB1, 0x02,  //   Feature (Data, Variable, Absolute)
        0xC0,  //       End Collection
    ]

    /// The reply to a GET_REPORT of feature report `id`: the id, then the report's bytes; as
    /// long as the descriptor says, since the driver rejects any other length. Over USB the
    /// reports carry no CRC; over Bluetooth the caller seals the last four bytes.
    static func featureReport(_ id: UInt8, mac: [UInt8]) -> [UInt8]? {
        var report: [UInt8]
        switch id {
        case 0x09:
            // Pairing info: the MAC in bytes 1...6.
            report = [id] + mac
            report += [UInt8](repeating: 0, count: 20 - report.count)
        case 0x20:
            // Firmware info: build date and time, then the hardware version in bytes 24...27
            // and the firmware version in 28...31, both little-endian. The update version in
            // 44...45 (2.00) keeps newer kernels on the classic rumble flags too.
            report = [id] + Array("Jan 01 2024".utf8) + Array("12:00:00".utf8)
            report += [UInt8](repeating: 0, count: 24 - report.count)
            report += UhidDevice.bytes(littleEndian: UInt32(0x0000_0515)) + UhidDevice.bytes(littleEndian: UInt32(0x0110_0020))
            report += [UInt8](repeating: 0, count: 44 - report.count)
            report += UhidDevice.bytes(littleEndian: UInt16(0x0200))
            report += [UInt8](repeating: 0, count: 64 - report.count)
        case 0x05:
            // IMU calibration, signed little-endian: gyro biases 0, then the gyro's plus and
            // minus readings and speeds, then the accelerometer's plus and minus 1 g. The
            // driver divides by (plus - minus), so those must differ.
            let le16 = { (value: Int16) in UhidDevice.bytes(littleEndian: value) }
            report = [id] + le16(0) + le16(0) + le16(0)
            for _ in 0..<3 { report += le16(8_000) + le16(-8_000) }
            report += le16(540) + le16(540)
            for _ in 0..<3 { report += le16(8_192) + le16(-8_192) }
            report += [UInt8](repeating: 0, count: 41 - report.count)
        default:
            return nil
        }
        return report
    }
}
