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

/// The DualSense over Bluetooth at a handle locality: the voice coils' stream beside the
/// triggers.
@Suite struct DualSensePadVoiceCoilTests {
    private func frame(_ milliseconds: Int, level: Double) -> RumbleFrame {
        RumbleFrame(start: .zero, duration: .milliseconds(milliseconds), strong: level, weak: level)
    }

    @Test func rendersForTheVoiceCoilsOverBluetoothAtAHandleLocality() {
        #expect(DualSensePad.renderProfile(bluetooth: true, parts: PadPart.handles) == .dualSenseVoiceCoils)
        #expect(DualSensePad.renderProfile(bluetooth: true, parts: [.rightTrigger]) == .dualSense)
        #expect(DualSensePad.renderProfile(bluetooth: false, parts: PadPart.handles) == .dualSense)
    }

    @Test func theFirstReportHandsTheCoilsBackThenTheStreamFollows() throws {
        var pad = DualSensePad(parts: PadPart.handles, isBluetooth: true)
        let step = pad.play(frame(100, level: 1), now: .zero)
        #expect(step.reports.map { $0[0] } == [0x31, 0x32, 0x32])
        #expect(step.reports[0][3] & (DualSenseOutputReport.motorsFlag | DualSenseOutputReport.hapticsSelectFlag) == 0)
        #expect(step.reports[0] == DualSenseOutputReport().bluetooth(sequence: 0))
        let wake = try #require(step.wake)
        #expect(wake.delay == DualSenseHapticsReport.period * 2 - DualSenseVoiceCoils.lead)
        let next = pad.play(frame(100, level: 1), now: .milliseconds(10))
        #expect(next.reports.allSatisfy { $0[0] == 0x32 })
    }

    @Test func theTriggersReportHandsBackAndExpiresBesideTheStream() throws {
        var pad = DualSensePad(parts: PadPart.handles.union(PadPart.triggers), isBluetooth: true)
        let step = pad.play(frame(20, level: 1), now: .zero)
        #expect(step.reports.map { $0[0] } == [0x31, 0x32, 0x32])
        let flags = step.reports[0][3]
        #expect(flags == DualSenseOutputReport.leftTriggerFlag | DualSenseOutputReport.rightTriggerFlag)
        var now = Duration.zero
        var wake = step.wake
        var later: [[UInt8]] = []
        while let due = wake, now < .seconds(1) {
            now += due.delay
            let next = pad.wake(generation: due.generation, now: now)
            later += next.reports
            wake = next.wake
        }
        let off = try #require(later.first { $0[0] == 0x31 })
        #expect(off[3] == flags && off[13] == DualSenseTriggerBlock.off.bytes[0])
        let lastStreamed = try #require(later.last { $0[0] == 0x32 })
        #expect(lastStreamed[13..<77].allSatisfy { $0 == 0 } && wake == nil)
    }

    @Test func aStopSilencesTheCoilsAndTheResetsHoldSilenceWhileTheyStream() {
        var pad = DualSensePad(parts: PadPart.handles, isBluetooth: true)
        #expect(pad.resetReports.isEmpty)
        pad.wrote(pad.play(frame(100, level: 1), now: .zero), at: .zero)
        #expect(pad.resetReports == [DualSenseVoiceCoils.silence])
        let stop = pad.stop(now: .milliseconds(5))
        #expect(stop.leavesNothingSet && stop.reports.count == 1 && stop.reports[0][0] == 0x32)
        #expect(stop.reports[0][13..<77].allSatisfy { $0 == 0 })
        pad.wrote(stop, at: .milliseconds(5))
        #expect(pad.resetReports.isEmpty)
    }
}
