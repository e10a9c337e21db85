import HapticsHidraw
import Testing

@Suite struct SwitchRumbleReportTests {
    @Test func idCounterThenLeftThenRight() {
        let left = SwitchHDRumble(code: 1, lowStep: 100, highStep: 0)
        let report = SwitchRumbleReport(counter: 0x1B, left: left, right: .silence)
        #expect(report.bytes.count == 10)
        #expect(report.bytes[0] == 0x10 && report.bytes[1] == 0x0B)
        #expect(Array(report.bytes[2..<6]) == left.bytes && Array(report.bytes[6..<10]) == [0x00, 0x01, 0x40, 0x40])
    }
}
