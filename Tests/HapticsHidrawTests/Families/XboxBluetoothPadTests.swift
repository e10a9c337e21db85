import HapticsModel
import Testing

@testable import HapticsHidraw

/// The Xbox pad's steps as values: the 50 ms spacing from the last write, the report waiting.
@Suite struct XboxBluetoothPadTests {
    private func frame(_ milliseconds: Int, strong: Double) -> RumbleFrame {
        RumbleFrame(start: .zero, duration: .milliseconds(milliseconds), strong: strong, weak: 0)
    }

    @Test func aReportDueTooSoonWaitsAndTheNewestOneGoesOut() throws {
        var pad = XboxBluetoothPad(parts: PadPart.handles, isBluetooth: true)
        let first = pad.play(frame(100, strong: 1), now: .zero)
        #expect(first.report != nil)
        pad.wrote(first, at: .milliseconds(5))
        #expect(pad.earliestNextReport == .milliseconds(55))
        let held = pad.play(frame(100, strong: 0.5), now: .milliseconds(20))
        let wake = try #require(held.wake)
        #expect(held.report == nil && wake.delay == .milliseconds(35))
        // A newer report replaces the one waiting, without a second wake-up.
        #expect(pad.stop(now: .milliseconds(30)) == HidrawPadStep())
        let sent = pad.wake(generation: wake.generation, now: .milliseconds(55))
        #expect(sent.report == XboxRumbleReport.silence.bytes && sent.leavesNothingSet)
        #expect(pad.wake(generation: wake.generation, now: .milliseconds(60)) == HidrawPadStep())
    }

    @Test func theResetIsAllFourMotorsAtZeroWhileSomethingSounds() {
        var pad = XboxBluetoothPad(parts: PadPart.triggers, isBluetooth: true)
        #expect(pad.resetReports.isEmpty && pad.earliestNextReport == nil)
        let step = pad.play(frame(30, strong: 1), now: .zero)
        #expect(step.report == [0x03, 0x0F, 100, 0, 0, 0, 3, 0, 0])
        pad.wrote(step, at: .zero)
        #expect(pad.resetReports == [XboxRumbleReport.silence.bytes])
    }

    @Test func theTriggerMotorsShortestPulseIsTheReportSpacing() {
        #expect(TriggerKind.motors.shortestPulse == XboxBluetoothPad.spacing)
    }
}
