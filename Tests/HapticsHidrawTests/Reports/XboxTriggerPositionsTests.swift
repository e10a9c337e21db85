import Testing

@testable import HapticsHidraw

@Suite struct XboxTriggerPositionsTests {
    @Test func theTriggersAreTenBitsLittleEndianAfterTheSticks() {
        let report: [UInt8] = [0x01, 0, 0x80, 0, 0x80, 0, 0x80, 0, 0x80, 0xFF, 0x03, 0x00, 0x02, 0, 0, 0]
        let read = XboxTriggerPositions(report: report)
        #expect(read?.left == 1)
        #expect(read?.right == 512.0 / 1023)
        #expect(read?.position(of: .right) == 512.0 / 1023)
    }

    @Test func otherReportsAreNotPositions() {
        #expect(XboxTriggerPositions(report: [0x01, 0, 0]) == nil)
        #expect(XboxTriggerPositions(report: [0x02] + Array(repeating: 0, count: 15)) == nil)
        #expect(XboxTriggerPositions(report: []) == nil)
    }

    @Test func aValuePastTheTenBitsIsFullyPulled() {
        let report: [UInt8] = [0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0, 0]
        #expect(XboxTriggerPositions(report: report)?.left == 1)
    }
}
