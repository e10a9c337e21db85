import Testing

@testable import HapticsModel

@Suite struct VoiceCoilFeedTests {
    private func frame(_ startMs: Int, _ lengthMs: Int, strong: Double, weak: Double) -> RumbleFrame {
        RumbleFrame(start: .milliseconds(startMs), duration: .milliseconds(lengthMs), strong: strong, weak: weak)
    }

    private func wave(_ frame: RumbleFrame) -> WaveformFrame { WaveformFrame(frame, at: .all) }

    @Test func framesAppliedOnTimeFollowEachOtherAsTheRenderedTrack() {
        let frames = [frame(0, 20, strong: 1, weak: 0.2), frame(20, 15, strong: 0.1, weak: 0.9)]
        var synthesizer = WaveformSynthesizer()
        let rendered = synthesizer.samples(of: RumbleTrack(frames: frames))
        var feed = VoiceCoilFeed(sampleRate: 48_000)
        var left: [Int16] = []
        var right: [Int16] = []
        for frame in frames + [RumbleFrame(start: .milliseconds(35), duration: .zero, strong: 0, weak: 0)] {
            feed.play(wave(frame))
            while true {
                let chunk = feed.next(100, hold: false)
                if chunk.left.isEmpty { break }
                left += chunk.left
                right += chunk.right
            }
        }
        #expect(left == stride(from: 0, to: rendered.count, by: 2).map { rendered[$0] })
        #expect(right == stride(from: 1, to: rendered.count, by: 2).map { rendered[$0] })
        #expect(feed.isIdle)
    }

    @Test func aFrameIsNotWrittenPastItsEndUnlessTheQueueRunsDry() {
        var feed = VoiceCoilFeed(sampleRate: 48_000)
        feed.play(wave(frame(0, 10, strong: 1, weak: 1)))
        #expect(feed.next(1_000, hold: false).left.count == 480)
        #expect(feed.next(1_000, hold: false).left.isEmpty)
        #expect(!feed.isIdle)
        #expect(feed.next(96, hold: true).left.count == 96)
    }

    @Test func aLateNextFrameFindsTheLastHeldAtMostTheHoldLimitThenARampToRest() {
        var feed = VoiceCoilFeed(sampleRate: 48_000, holdLimit: .milliseconds(4))
        feed.play(wave(frame(0, 10, strong: 1, weak: 1)))
        _ = feed.next(480, hold: false)
        let held = feed.next(1_000, hold: true).left
        #expect(held.count == 192 && held.contains { abs($0) > 10_000 })
        let ramp = feed.next(1_000, hold: true).left
        #expect(ramp.count == 144 && ramp.last.map { abs($0) < 2_000 } == true)
        #expect(feed.isIdle)
        #expect(feed.next(1_000, hold: true).left.isEmpty)
    }

    @Test func aNewFeedRests() {
        var feed = VoiceCoilFeed(sampleRate: 48_000)
        #expect(feed.isIdle)
        #expect(feed.next(96, hold: true).left.isEmpty)
    }
}
