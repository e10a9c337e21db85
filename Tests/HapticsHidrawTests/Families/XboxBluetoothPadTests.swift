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

    /// An input report 1 with the triggers at `left` and `right` (0...1023).
    private func input(left: UInt16 = 0, right: UInt16 = 0) -> [UInt8] {
        [0x01, 0, 0x80, 0, 0x80, 0, 0x80, 0, 0x80, UInt8(left & 0xFF), UInt8(left >> 8), UInt8(right & 0xFF), UInt8(right >> 8), 0, 0, 0]
    }

    private func motor(_ effect: TriggerEffect) throws -> TriggerMotorEffect {
        try #require(TriggerMotorEffect(effect))
    }

    @Test func vibrationSoundsOnceTheTriggerIsPastTheStart() throws {
        var pad = XboxBluetoothPad(parts: PadPart.handles.union(PadPart.triggers), isBluetooth: true)
        let set = pad.setTriggerMotorEffect(try motor(.vibration(start: 0.5, amplitude: 0.8, frequency: 1)), on: .right, now: .zero)
        #expect(set == HidrawPadStep() && pad.followsTriggers)
        #expect(pad.followTriggers(input: input(right: 400), now: .milliseconds(10)) == HidrawPadStep())
        let past = pad.followTriggers(input: input(right: 600), now: .milliseconds(20))
        #expect(past.report == [0x03, 0x0F, 0, 80, 0, 0, 25, 0, 0])
        let refresh = try #require(past.wake)
        #expect(refresh.delay == XboxBluetoothPad.refresh && refresh.generation > 0)
        pad.wrote(past, at: .milliseconds(20))
        #expect(pad.resetReports == [XboxRumbleReport.silence.bytes])
        // The same level again is not sent; the refresh sends it again.
        #expect(pad.followTriggers(input: input(right: 1023), now: .milliseconds(80)) == HidrawPadStep())
        let again = pad.wake(generation: refresh.generation, now: .milliseconds(120))
        #expect(again.report == past.report && again.wake != nil)
        pad.wrote(again, at: .milliseconds(120))
        #expect(pad.wake(generation: refresh.generation, now: .milliseconds(220)) == HidrawPadStep())
        // Back before the start: silence, with no refresh.
        let before = pad.followTriggers(input: input(right: 0), now: .milliseconds(180))
        #expect(before.report == XboxRumbleReport.silence.bytes && before.leavesNothingSet && before.wake == nil)
    }

    @Test func positionalVibrationPlaysTheZoneOfThePosition() throws {
        var pad = XboxBluetoothPad(parts: PadPart.triggers, isBluetooth: true)
        let amplitudes = [0, 0, 0, 0.3, 0, 0, 0, 0.9, 0, 0]
        _ = pad.setTriggerMotorEffect(try motor(.positionalVibration(amplitudes: amplitudes, frequency: 0)), on: .left, now: .zero)
        let zone3 = pad.followTriggers(input: input(left: 358, right: 1023), now: .zero)
        #expect(zone3.report == [0x03, 0x0F, 30, 0, 0, 0, 25, 0, 0])
        pad.wrote(zone3, at: .zero)
        let zone7 = pad.followTriggers(input: input(left: 767), now: .milliseconds(60))
        #expect(zone7.report == [0x03, 0x0F, 90, 0, 0, 0, 25, 0, 0])
    }

    @Test func aFramePlayingKeepsItsHandlesWhileTheTriggersAreFollowed() throws {
        var pad = XboxBluetoothPad(parts: PadPart.handles.union(PadPart.triggers), isBluetooth: true)
        _ = pad.setTriggerMotorEffect(try motor(.vibration(start: 0, amplitude: 0.5, frequency: 0)), on: .left, now: .zero)
        pad.wrote(HidrawPadStep(report: [0x03]), at: .zero)
        let frame = pad.play(RumbleFrame(start: .zero, duration: .milliseconds(300), strong: 1, weak: 0.2), now: .milliseconds(60))
        #expect(frame.report == [0x03, 0x0F, 100, 20, 100, 20, 25, 0, 0])
        pad.wrote(frame, at: .milliseconds(60))
        // After the frame's end, the handles are at 0 and the trigger at its effect's level.
        let after = pad.wake(generation: try #require(frame.wake).generation, now: .milliseconds(400))
        #expect(after.report == [0x03, 0x0F, 50, 0, 0, 0, 25, 0, 0])
    }

    @Test func offAndStopSilenceTheMotorsAndEndTheFollowing() throws {
        var pad = XboxBluetoothPad(parts: PadPart.triggers, isBluetooth: true)
        let set = pad.setTriggerMotorEffect(try motor(.vibration(start: 0, amplitude: 1, frequency: 0)), on: .right, now: .zero)
        #expect(set.report == [0x03, 0x0F, 0, 100, 0, 0, 25, 0, 0])
        pad.wrote(set, at: .zero)
        let off = pad.setTriggerMotorEffect(try motor(.off), on: .right, now: .milliseconds(60))
        #expect(off.report == XboxRumbleReport.silence.bytes && off.leavesNothingSet && !pad.followsTriggers)
        pad.wrote(off, at: .milliseconds(60))
        #expect(pad.resetReports.isEmpty)
        _ = pad.setTriggerMotorEffect(try motor(.vibration(start: 0, amplitude: 1, frequency: 0)), on: .left, now: .milliseconds(200))
        #expect(pad.stop(now: .milliseconds(300)).report == XboxRumbleReport.silence.bytes && !pad.followsTriggers)
    }
}
