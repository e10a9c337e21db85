import Haptics
import Testing

@Suite struct RumbleTrackTests {
    private func frame(_ startMs: Int, _ durationMs: Int, _ strong: Double, _ weak: Double, gain: Double = 1) -> RumbleFrame {
        RumbleFrame(start: .milliseconds(startMs), duration: .milliseconds(durationMs), strong: strong, weak: weak, gain: gain)
    }

    @Test func framesMadeByHandAreBroughtToTheTracksRules() {
        let track = RumbleTrack(frames: [
            frame(50, 20, 1, 1), frame(10, 30, 0.5, 0.5), frame(30, 10, 0.5, 0.5), frame(60, 40, 0.2, 0), frame(200, 0, 1, 1),
        ])
        expectFrames(
            track.frames,
            [
                ExpectedFrame(0, 10, 0, 0), ExpectedFrame(10, 30, 0.5, 0.5), ExpectedFrame(40, 10, 0, 0),
                ExpectedFrame(50, 10, 1, 1), ExpectedFrame(60, 40, 0.2, 0),
            ])
        #expect(track.duration == .milliseconds(100))
    }

    @Test func aRenderedTrackIsAlreadyInShape() {
        let rendered = Renderer().render(Preset.notification(.error).pattern)
        #expect(RumbleTrack(frames: rendered.frames) == rendered)
    }

    @Test func gainsAreDroppedAndEmptyInputGivesTheEmptyTrack() {
        #expect(RumbleTrack(frames: [frame(0, 10, 1, 1, gain: 0.5)]).frames.map(\.gain) == [1])
        #expect(RumbleTrack(frames: []) == .empty)
    }

    @Test func energyWeighsBothMotorsOverTime() {
        let track = RumbleTrack(frames: [frame(0, 500, 1, 0), frame(500, 500, 0.5, 0.5)])
        #expect(abs(track.energy - (0.5 + 0.25)) < 1e-12)
    }
}
