import HapticsModel
import Testing

@testable import HapticsHidraw

/// The DualSense's input report read for its triggers, over USB and Bluetooth.
@Suite struct DualSenseInputReportTests {
    /// One trigger's bytes: its analog value, its stop location and status, its effect.
    private struct TriggerBytes {
        var value: UInt8 = 0
        var stop: UInt8 = 0
        var status: UInt8 = 0
        var effect: UInt8 = 0
    }

    /// The common part (after the id, and the tag over Bluetooth), 63 bytes, with the two
    /// triggers' fields at their offsets and every other byte 0xEE.
    private func common(left: TriggerBytes, right: TriggerBytes) -> [UInt8] {
        var bytes = [UInt8](repeating: 0xEE, count: 63)
        bytes[4] = left.value
        bytes[5] = right.value
        bytes[41] = right.status << 4 | right.stop
        bytes[42] = left.status << 4 | left.stop
        bytes[47] = left.effect << 4 | right.effect
        return bytes
    }

    private func usb(left: TriggerBytes = TriggerBytes(), right: TriggerBytes = TriggerBytes()) -> [UInt8] {
        [0x01] + common(left: left, right: right)
    }

    /// Report 0x31: id, tag, the common part, zeros to 74 bytes, then the CRC32 of 0xA1 and
    /// the 74 bytes, little-endian.
    private func bluetooth(left: TriggerBytes = TriggerBytes(), right: TriggerBytes = TriggerBytes()) -> [UInt8] {
        var bytes = [0x31, 0x10] + common(left: left, right: right)
        bytes += [UInt8](repeating: 0, count: 74 - bytes.count)
        let crc = CRC32.checksum([0xA1] + bytes)
        return bytes + (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
    }

    @Test func bothReportsReadTheSameFields() throws {
        let left = TriggerBytes(value: 255, stop: 9, status: 2, effect: 2)
        let right = TriggerBytes(value: 51, stop: 3, status: 1, effect: 1)
        let expected = (
            left: DualSenseInputReport.Trigger(value: 255, stopLocation: 9, statusCode: 2, effectCode: 2),
            right: DualSenseInputReport.Trigger(value: 51, stopLocation: 3, statusCode: 1, effectCode: 1)
        )
        for bytes in [usb(left: left, right: right), bluetooth(left: left, right: right)] {
            let report = try #require(DualSenseInputReport(bytes))
            #expect(report.left == expected.left)
            #expect(report.right == expected.right)
            #expect(report.trigger(.left) == expected.left)
        }
    }

    @Test func theStatusHoldsThePositionsAndTheEffect() throws {
        let report = try #require(DualSenseInputReport(usb(right: TriggerBytes(value: 51, stop: 3, status: 1, effect: 1))))
        #expect(
            report.right.status == TriggerStatus(state: .feedbackLoadApplied, armPosition: 3.0 / 9, position: 0.2, mode: .feedback))
        #expect(report.left.status == TriggerStatus(state: .unknown, armPosition: 0, position: 0, mode: .off))
    }

    @Test(arguments: [
        (UInt8(1), UInt8(0), TriggerState.feedbackNoLoad), (1, 1, .feedbackLoadApplied), (2, 0, .weaponReady), (2, 1, .weaponFiring),
        (2, 2, .weaponFired), (3, 0, .vibrationNotVibrating), (3, 1, .vibrationIsVibrating), (0, 0, .unknown), (0, 1, .unknown),
        (1, 2, .unknown), (2, 3, .unknown), (3, 2, .unknown), (4, 0, .unknown),
    ])
    func eachStatusNibbleIsApplesState(_ effect: UInt8, _ status: UInt8, _ state: TriggerState) throws {
        let bytes = TriggerBytes(value: 0, stop: 0, status: status, effect: effect)
        let usbReport = try #require(DualSenseInputReport(usb(left: bytes)))
        let bluetoothReport = try #require(DualSenseInputReport(bluetooth(right: bytes)))
        #expect(usbReport.left.status.state == state)
        #expect(bluetoothReport.right.status.state == state)
    }

    @Test func anEffectPastVibrationIsNoModeAndAStopPastNineIsTheLast() throws {
        let report = try #require(DualSenseInputReport(usb(left: TriggerBytes(stop: 15, effect: 7))))
        #expect(report.left.status.mode == nil)
        #expect(report.left.status.armPosition == 1)
    }

    @Test func truncatedForeignOrCorruptReportsAreNotRead() {
        #expect(DualSenseInputReport(Array(usb().prefix(63))) == nil)
        #expect(DualSenseInputReport(Array(bluetooth().prefix(77))) == nil)
        #expect(DualSenseInputReport([0x01] + [UInt8](repeating: 0, count: 9)) == nil)
        #expect(DualSenseInputReport([0x02] + usb().dropFirst()) == nil)
        #expect(DualSenseInputReport([]) == nil)
        var corrupt = bluetooth()
        corrupt[43] ^= 0x10
        #expect(DualSenseInputReport(corrupt) == nil)
    }
}
