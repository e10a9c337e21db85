import HapticsHidraw
import Testing

/// Report 3 against hid-microsoft's `xb1s_ff_report`: id, enable, four magnitudes (left
/// trigger, right trigger, left handle, right handle), duration, start delay, loop count.
@Suite struct XboxRumbleReportTests {
    @Test func allFourMotorsEnabledWithAFiniteDuration() {
        let report = XboxRumbleReport(leftTrigger: 10, rightTrigger: 20, leftHandle: 30, rightHandle: 140, duration10ms: 5)
        #expect(report.bytes == [0x03, 0x0F, 10, 20, 30, 100, 5, 0, 0])
        #expect(XboxRumbleReport.silence.bytes == [0x03, 0x0F, 0, 0, 0, 0, 1, 0, 0])
    }

    @Test func levelsAndLengthsBecomeThePadsUnits() {
        #expect(XboxRumbleReport.magnitude(0) == 0)
        #expect(XboxRumbleReport.magnitude(0.001) == 1)
        #expect(XboxRumbleReport.magnitude(0.5) == 50)
        #expect(XboxRumbleReport.magnitude(1) == 100)
        #expect(XboxRumbleReport.units(.milliseconds(45)) == 5)
        #expect(XboxRumbleReport.units(.milliseconds(1)) == 1)
        #expect(XboxRumbleReport.units(.seconds(10)) == 255)
    }
}
