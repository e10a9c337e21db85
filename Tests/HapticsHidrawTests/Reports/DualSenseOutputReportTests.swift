import HapticsHidraw
import Testing

/// The reports against hid-playstation's layout: `dualsense_output_report_common` after the
/// report id (USB, 63 bytes) or after the id, the sequence and the tag (Bluetooth, 78 bytes,
/// CRC32 over 0xA2 and the first 74 bytes at the end).
@Suite struct DualSenseOutputReportTests {
    private let vibration = DualSenseTriggerBlock(.vibration(start: 0, amplitude: 1, frequency: 0.5))

    @Test func aTriggerReportSetsOnlyItsValidBitAndBlock() {
        let usb = DualSenseOutputReport(rightTrigger: vibration).usb
        #expect(usb.count == 63)
        #expect(usb[0] == 0x02)
        #expect(usb[1] == 0x04 && usb[2] == 0)
        // The motors' bytes stay 0, the right trigger's block sits at 11...21 (10 in the common part).
        #expect(usb[3] == 0 && usb[4] == 0)
        #expect(Array(usb[11..<22]) == vibration.bytes)
        #expect(usb[22..<33].allSatisfy { $0 == 0 })
        #expect(usb[33...].allSatisfy { $0 == 0 })
        let left = DualSenseOutputReport(leftTrigger: vibration).usb
        #expect(left[1] == 0x08 && Array(left[22..<33]) == vibration.bytes && left[11..<22].allSatisfy { $0 == 0 })
    }

    @Test func motorsSetTheRumbleBitsRightThenLeft() {
        let usb = DualSenseOutputReport(motors: (strong: 200, weak: 30)).usb
        #expect(usb[1] == 0x03)
        #expect(usb[3] == 30 && usb[4] == 200)
        #expect(usb[5...].allSatisfy { $0 == 0 })
    }

    @Test func bluetoothCarriesSequenceTagAndCRC() {
        let report = DualSenseOutputReport(rightTrigger: vibration)
        let bluetooth = report.bluetooth(sequence: 0)
        #expect(bluetooth.count == 78)
        #expect(bluetooth[0...2] == [0x31, 0x00, 0x10])
        #expect(Array(bluetooth[3..<50]) == report.common)
        // CRC32 of 0xA2 and the 74 bytes, little endian (computed independently with zlib).
        #expect(bluetooth[74...] == [0x08, 0x31, 0x02, 0x0B])
        #expect(report.bluetooth(sequence: 5)[1] == 0x50)
        #expect(report.bluetooth(sequence: 17)[1] == 0x10)
        #expect(report.bytes(bluetooth: false, sequence: 3) == report.usb)
    }
}
