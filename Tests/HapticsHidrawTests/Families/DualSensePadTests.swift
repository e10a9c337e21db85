import HapticsModel
import Testing

@testable import HapticsHidraw

/// The DualSense's steps as values: the wake-up that ends a sounding frame, and the resets.
@Suite struct DualSensePadTests {
    private func frame(_ milliseconds: Int, strong: Double) -> RumbleFrame {
        RumbleFrame(start: .zero, duration: .milliseconds(milliseconds), strong: strong, weak: 0)
    }

    @Test func aSoundingFrameAsksToBeEndedAndANewerOneMakesThatStale() throws {
        var pad = DualSensePad(parts: [.rightTrigger], isBluetooth: false)
        let wake = try #require(pad.play(frame(100, strong: 1), now: .zero).wake)
        #expect(wake.delay == .milliseconds(150))
        #expect(pad.wake(generation: wake.generation, now: .milliseconds(150)).report?[11] == DualSenseTriggerBlock.off.bytes[0])
        let newer = try #require(pad.play(frame(100, strong: 0.5), now: .milliseconds(200)).wake)
        _ = pad.play(frame(100, strong: 0.5), now: .milliseconds(280))
        #expect(pad.wake(generation: newer.generation, now: .milliseconds(350)) == HidrawPadStep())
    }

    @Test func theResetFollowsWhatWasSetUntilAResetIsWritten() {
        var pad = DualSensePad(parts: [.leftTrigger], isBluetooth: false)
        #expect(pad.resetReports.isEmpty)
        let step = pad.play(frame(50, strong: 1), now: .zero)
        pad.wrote(step, at: .zero)
        #expect(pad.resetReports == [DualSenseOutputReport(leftTrigger: .off).usb])
        let stop = pad.stop(now: .zero)
        #expect(stop.report == DualSenseOutputReport(leftTrigger: .off).usb && stop.leavesNothingSet)
        pad.wrote(stop, at: .zero)
        #expect(pad.resetReports.isEmpty)
        #expect(pad.stop(now: .zero) == HidrawPadStep())
    }

    @Test func bluetoothResetsCarryTheNextSequenceNumber() {
        var pad = DualSensePad(parts: [.leftTrigger], isBluetooth: true)
        for _ in 0..<3 { pad.wrote(pad.play(frame(20, strong: 1), now: .zero), at: .zero) }
        #expect(pad.resetReports.first?[1] == 3 << 4)
    }
}
