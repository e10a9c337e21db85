import Testing

@testable import HapticsHidraw

/// The Deck's state report read at hid-steam's offsets.
@Suite struct SteamDeckInputReportTests {
    /// A state report with the right pad touched at `x`, `y` (byte 10 bit 4), or not.
    private func state(touched: Bool, x: Int16 = 0, y: Int16 = 0, type: UInt8 = 0x09) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 64)
        bytes[0] = 1
        bytes[2] = type
        bytes[3] = 60
        if touched { bytes[10] = 0x10 }
        bytes[20] = UInt8(truncatingIfNeeded: UInt16(bitPattern: x))
        bytes[21] = UInt8(truncatingIfNeeded: UInt16(bitPattern: x) >> 8)
        bytes[22] = UInt8(truncatingIfNeeded: UInt16(bitPattern: y))
        bytes[23] = UInt8(truncatingIfNeeded: UInt16(bitPattern: y) >> 8)
        return bytes
    }

    @Test func theRightTrackpadsTouchIsReadWhereHidSteamReadsIt() {
        let report = SteamDeckInputReport(state(touched: true, x: -1200, y: 30000))
        #expect(report?.rightTrackpad == SteamDeckInputReport.Touch(x: -1200, y: 30000))
        #expect(SteamDeckInputReport(state(touched: false, x: 5, y: 5))?.rightTrackpad == nil)
    }

    @Test func otherReportsAreNotTheDecksState() {
        #expect(SteamDeckInputReport(state(touched: true, type: 0x01)) == nil)
        #expect(SteamDeckInputReport(Array(state(touched: true).prefix(63))) == nil)
    }
}
