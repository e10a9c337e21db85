import HapticsModel
import Testing

@testable import HapticsHidraw

/// The voice coils' stream over Bluetooth as values, on an injected clock: reports 0x32 paced
/// one per period, `lead` ahead, their counters and sequence numbers, the waveform they carry,
/// and the silence that ends every stream.
@Suite struct DualSenseVoiceCoilsTests {
    private let period = DualSenseHapticsReport.period
    private let split = RenderSettings(pad: .dualSenseVoiceCoils).split

    private func frame(_ milliseconds: Int, level: Double, at start: Duration = .zero) -> RumbleFrame {
        RumbleFrame(start: start, duration: .milliseconds(milliseconds), strong: level, weak: level)
    }

    /// The samples of a report, interleaved.
    private func samples(_ report: [UInt8]) -> [Int8] {
        report[13..<77].map { Int8(bitPattern: $0) }
    }

    @Test func aFrameStartsTheStreamWithTheReportsOfTheLead() {
        var coils = DualSenseVoiceCoils(parts: PadPart.handles)
        #expect(!coils.isStreaming && coils.nextDue == nil)
        let reports = coils.play(frame(100, level: 1), split: split, now: .milliseconds(5))
        #expect(reports.count == 2)
        #expect(reports.map { $0[0] } == [0x32, 0x32] && reports.map(\.count) == [142, 142])
        #expect(reports.map { $0[1] } == [0x00, 0x10] && reports.map { $0[10] } == [0, 1])
        #expect(coils.isStreaming && coils.nextDue == .milliseconds(5) + period * 2 - DualSenseVoiceCoils.lead)
        #expect(reports.allSatisfy { samples($0).contains { $0 != 0 } })
    }

    @Test func eachWakeUpWritesWhatFellDueAndNoMore() throws {
        var coils = DualSenseVoiceCoils(parts: PadPart.handles)
        _ = coils.play(frame(200, level: 1), split: split, now: .zero)
        let due = try #require(coils.nextDue)
        #expect(coils.reports(now: due - .milliseconds(1)).isEmpty)
        let one = coils.reports(now: due)
        #expect(one.count == 1 && one[0][10] == 2 && one[0][1] == 0x20)
        // A wake-up 30 ms late writes the reports it missed at once: the playhead keeps its time.
        let late = try #require(coils.nextDue) + .milliseconds(30)
        let caughtUp = coils.reports(now: late)
        #expect(caughtUp.map { $0[10] } == [3, 4, 5])
        #expect(coils.nextDue == period * 6 - DualSenseVoiceCoils.lead)
    }

    @Test func aFrameAfterALateWakeUpFollowsTheReportsItMissedOfTheOneBefore() throws {
        var coils = DualSenseVoiceCoils(parts: PadPart.handles)
        let first = coils.play(frame(60, level: 1), split: split, now: .zero)
        let all = first + coils.play(frame(0, level: 0, at: .milliseconds(60)), split: split, now: .milliseconds(60))
        // The reports up to 53 ms carry the first frame at full scale; the ramp comes after.
        #expect(all.map { $0[10] } == Array(0..<7))
        #expect(all.prefix(5).allSatisfy { (samples($0).map { abs(Int($0)) }.max() ?? 0) >= 100 })
        #expect(samples(all[6]).suffix(32).allSatisfy { $0 == 0 })
    }

    @Test func aLongStallRestartsThePlayheadCatchUpBehindNow() throws {
        var coils = DualSenseVoiceCoils(parts: PadPart.handles)
        _ = coils.play(frame(2_000, level: 1), split: split, now: .zero)
        let stalled = try #require(coils.nextDue) + .milliseconds(500)
        let reports = coils.reports(now: stalled)
        // From catchUp (10 reports) behind now to lead past it: 12 reports, counters on from 2.
        #expect(reports.map { $0[10] } == Array(2...13))
        #expect(coils.nextDue == stalled - DualSenseVoiceCoils.catchUp + period * 12 - DualSenseVoiceCoils.lead)
    }

    @Test func theCounterWrapsAndTheSequenceCountsModulo16() {
        var coils = DualSenseVoiceCoils(parts: PadPart.handles)
        var reports = coils.play(frame(10_000, level: 0.5), split: split, now: .zero)
        var now = Duration.zero
        while reports.count < 300 {
            now += period
            reports += coils.reports(now: now)
        }
        for (index, report) in reports.enumerated() {
            #expect(report[10] == UInt8(index % 256) && report[1] == UInt8(index % 16) << 4)
        }
    }

    @Test func theSamplesAreTheWaveformTakenEvery16thFrame() {
        var coils = DualSenseVoiceCoils(parts: PadPart.handles)
        let sounding = frame(64, level: 0.8)
        let reports = coils.play(sounding, split: split, now: .zero)
        var synthesizer = WaveformSynthesizer()
        var expected: [Int16] = []
        synthesizer.append(WaveformFrame(sounding, at: .all, split: split), to: &expected)
        let wanted = DualSenseHapticsReport.resample(Array(expected.prefix(2 * 1024)))
        #expect(reports.flatMap(samples) == wanted)
    }

    @Test func theLeftHandleAloneLeavesTheRightActuatorSilent() {
        var coils = DualSenseVoiceCoils(parts: [.leftHandle])
        let reports = coils.play(frame(100, level: 1), split: split, now: .zero)
        let interleaved = reports.flatMap(samples)
        #expect(stride(from: 0, to: interleaved.count, by: 2).contains { interleaved[$0] != 0 })
        #expect(stride(from: 1, to: interleaved.count, by: 2).allSatisfy { interleaved[$0] == 0 })
    }

    @Test func aSilentFrameDoesNotStartTheStream() {
        var coils = DualSenseVoiceCoils(parts: PadPart.handles)
        #expect(coils.play(frame(100, level: 0), split: split, now: .zero).isEmpty)
        #expect(!coils.isStreaming)
    }

    @Test func aFrameThatEndsRampsToRestAndOneSilentReportEndsTheStream() {
        var coils = DualSenseVoiceCoils(parts: PadPart.handles)
        var reports = coils.play(frame(20, level: 1), split: split, now: .zero)
        var now = Duration.zero
        while coils.isStreaming, now < .seconds(1) {
            now += period
            reports += coils.reports(now: now)
        }
        #expect(!coils.isStreaming && coils.nextDue == nil)
        #expect(samples(reports[reports.count - 1]).allSatisfy { $0 == 0 })
        // 20 ms of the frame, held at most 50 ms, a 3 ms ramp: about 70 ms of reports.
        #expect((6...9).contains(reports.count))
        #expect(coils.reports(now: now + period).isEmpty)
    }

    @Test func aStopWritesOneSilentReportAndForgetsTheFrame() {
        var coils = DualSenseVoiceCoils(parts: PadPart.handles)
        _ = coils.play(frame(500, level: 1), split: split, now: .zero)
        let stop = coils.stop()
        #expect(stop.count == 1 && stop[0][10] == 2 && samples(stop[0]).allSatisfy { $0 == 0 })
        #expect(!coils.isStreaming && coils.stop().isEmpty)
        #expect(coils.reports(now: .milliseconds(20)).isEmpty)
    }

    @Test func theGuardiansSilenceIsAValidSilentReport() {
        let silence = DualSenseVoiceCoils.silence
        #expect(silence.count == 142 && silence[0] == 0x32 && samples(silence).allSatisfy { $0 == 0 })
        #expect(silence == DualSenseHapticsReport(sequence: 0, counter: 0, samples: []).bytes)
    }
}
