import HapticsModel
import Testing

@testable import HapticsHidraw

/// The Deck's steps as values: rumble with its stop at the frame's end, pulses on the
/// trackpads played, the pulse train's period.
@Suite struct SteamPadTests {
    private func frame(_ milliseconds: Int, strong: Double, weak: Double = 0) -> RumbleFrame {
        RumbleFrame(start: .zero, duration: .milliseconds(milliseconds), strong: strong, weak: weak)
    }

    /// The side, on µs, off µs and count of a pulse report, read at hid-steam's offsets.
    private func pulse(_ bytes: [UInt8]?) -> (side: UInt8, on: Int, off: Int, count: Int)? {
        guard let bytes, bytes[1] == 0x8F else { return nil }
        return (bytes[3], Int(bytes[4]) | Int(bytes[5]) << 8, Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
    }

    @Test func theHandlesRumbleAndStopAtTheFramesEnd() throws {
        var pad = SteamPad(parts: PadPart.handles, isBluetooth: false)
        let step = pad.play(frame(100, strong: 1, weak: 0.5), now: .zero)
        let bytes = try #require(step.report)
        #expect(bytes[1] == 0xEB && bytes[6] == 0xFF && bytes[7] == 0xFF)
        pad.wrote(step, at: .zero)
        #expect(pad.resetReports == [SteamRumbleReport.stop.bytes])
        let wake = try #require(step.wake)
        #expect(wake.delay == .milliseconds(100))
        let stop = pad.wake(generation: wake.generation, now: .milliseconds(100))
        #expect(stop.report == SteamRumbleReport.stop.bytes && stop.leavesNothingSet)
        pad.wrote(stop, at: .milliseconds(100))
        #expect(pad.resetReports.isEmpty)
    }

    @Test func aNewerFrameMakesTheOldStopStale() throws {
        var pad = SteamPad(parts: PadPart.handles, isBluetooth: false)
        let first = try #require(pad.play(frame(100, strong: 1), now: .zero).wake)
        _ = pad.play(frame(100, strong: 0.5), now: .milliseconds(50))
        #expect(pad.wake(generation: first.generation, now: .milliseconds(100)) == HidrawPadStep())
        #expect(pad.stop(now: .milliseconds(120)).report == SteamRumbleReport.stop.bytes)
    }

    @Test func theRightTrackpadAlonePulsesOnTheRightSide() throws {
        var pad = SteamPad(parts: [.rightTrackpad], isBluetooth: false)
        let step = pad.play(frame(20, strong: 1), now: .zero)
        let sent = try #require(pulse(step.report))
        #expect(sent.side == 0 && sent.on == 20_000 && sent.count == 1)
        #expect(step.report?[10] == 6)
        #expect(pad.resetReports.isEmpty && pad.stop(now: .milliseconds(5)) == HidrawPadStep())
    }

    @Test func aLongFrameIsATrainWhosePeriodFollowsSharpness() throws {
        var pad = SteamPad(parts: PadPart.trackpads, isBluetooth: false)
        let dull = try #require(pulse(pad.play(frame(200, strong: 1), now: .zero).report))
        #expect(dull.side == 2 && dull.on + dull.off == 40_000 && dull.count == 2)
        let sharp = try #require(pulse(pad.play(frame(200, strong: 0, weak: 1), now: .zero).report))
        #expect(sharp.on + sharp.off == 10_000 && sharp.count == 10)
    }

    @Test func aTrainGoesOutInPartsOfAtMost100MillisecondsUntilTheFramesEnd() throws {
        var pad = SteamPad(parts: PadPart.trackpads, isBluetooth: false)
        var step = pad.play(frame(250, strong: 0, weak: 1), now: .zero)
        var now = Duration.zero
        var counts: [Int] = []
        var times: [Duration] = []
        while let sent = pulse(step.report) {
            counts.append(sent.count)
            times.append(now)
            guard let wake = step.wake else { break }
            now += wake.delay
            step = pad.wake(generation: wake.generation, now: now)
        }
        #expect(counts == [10, 10, 5] && times == [.zero, .milliseconds(100), .milliseconds(200)])
        #expect(step.wake == nil && pad.resetReports.isEmpty)
    }

    @Test func aNewFrameOrAStopEndsTheTrainsParts() throws {
        var pad = SteamPad(parts: PadPart.trackpads, isBluetooth: false)
        let wake = try #require(pad.play(frame(500, strong: 1), now: .zero).wake)
        #expect(pad.play(frame(500, strong: 0), now: .milliseconds(10)) == HidrawPadStep())
        #expect(pad.wake(generation: wake.generation, now: .milliseconds(80)) == HidrawPadStep())
        let next = try #require(pad.play(frame(500, strong: 1), now: .milliseconds(100)).wake)
        _ = pad.stop(now: .milliseconds(120))
        #expect(pad.wake(generation: next.generation, now: .milliseconds(180)) == HidrawPadStep())
    }

    @Test func handlesAndTrackpadsTogetherSendThePulseRightAfterTheRumbleThenTheTrainThenTheStop() throws {
        var pad = SteamPad(parts: SteamPad.parts, isBluetooth: false)
        let step = pad.play(frame(100, strong: 1), now: .zero)
        #expect(step.report?[1] == 0xEB)
        let wake = try #require(step.wake)
        #expect(wake.delay == .zero)
        let next = pad.wake(generation: wake.generation, now: .milliseconds(1))
        #expect(pulse(next.report)?.side == 2 && pulse(next.report)?.count == 2)
        let part = try #require(next.wake)
        #expect(part.delay == .milliseconds(79))
        let last = pad.wake(generation: part.generation, now: .milliseconds(80))
        #expect(pulse(last.report)?.count == 1)
        let stop = try #require(last.wake)
        #expect(stop.delay == .milliseconds(20))
        #expect(pad.wake(generation: stop.generation, now: .milliseconds(100)).report == SteamRumbleReport.stop.bytes)
    }
}
