import HapticsModel
import Testing

@testable import HapticsHidraw

/// The Switch Pro's steps as values: feeds while a frame lasts, counters, resets.
@Suite struct SwitchProPadTests {
    private func frame(_ milliseconds: Int, level: Double) -> RumbleFrame {
        RumbleFrame(start: .zero, duration: .milliseconds(milliseconds), strong: level, weak: level)
    }

    @Test func aFrameLongerThanAFeedIsFedUntilItsEnd() throws {
        var pad = SwitchProPad(parts: PadPart.handles, isBluetooth: false)
        let wake = try #require(pad.play(frame(120, level: 0.5), now: .zero).wake)
        #expect(wake.delay == .milliseconds(50))
        let second = pad.wake(generation: wake.generation, now: .milliseconds(50))
        #expect(second.report?[1] == 1 && second.wake != nil)
        let third = pad.wake(generation: wake.generation, now: .milliseconds(100))
        #expect(third.report?[1] == 2 && third.wake == nil)
        #expect(pad.wake(generation: wake.generation, now: .milliseconds(150)) == HidrawPadStep())
    }

    @Test func aShortOrSilentFrameIsNotFedAndSilenceLeavesNothingSet() {
        var pad = SwitchProPad(parts: PadPart.handles, isBluetooth: false)
        #expect(pad.play(frame(40, level: 0.5), now: .zero).wake == nil)
        let silence = pad.play(frame(0, level: 0), now: .zero)
        #expect(silence.leavesNothingSet && silence.wake == nil)
    }

    @Test func resetsAreThreeSilencesUnderTheNextCounters() {
        var pad = SwitchProPad(parts: PadPart.handles, isBluetooth: false)
        #expect(pad.resetReports.isEmpty)
        pad.wrote(pad.play(frame(20, level: 0.5), now: .zero), at: .zero)
        #expect(pad.resetReports.map { $0[1] } == [1, 2, 3])
        #expect(pad.resetReports.allSatisfy { Array($0[2...]) == SwitchHDRumble.silence.bytes + SwitchHDRumble.silence.bytes })
    }
}
