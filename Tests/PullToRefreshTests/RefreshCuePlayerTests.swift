import Haptics
import HapticsTesting
import PullToRefresh
import Testing

@Suite struct RefreshCuePlayerTests {
    private static func intensity(_ level: Double) -> [DynamicParameter] {
        [DynamicParameter(parameterID: .hapticIntensityControl, value: level)]
    }

    @Test func anIntentPlaysAsItIs() {
        let recorder = RecordingFeedback()
        let player = RefreshCuePlayer()
        player.play(.intent(.impact(.light, intensity: 1)), on: RefreshFeedback(recorder))
        player.play(.intent(.prepare), on: RefreshFeedback(recorder))
        #expect(recorder.calls == [.intent(.impact(.light, intensity: 1)), .intent(.prepare)])
    }

    @Test func theTensionTextureStartsOnceIsShapedAndStopsOnItsEnd() {
        let recorder = RecordingFeedback()
        let tension = RefreshTension(startPercent: 0.5)
        let feedback = RefreshFeedback(recorder, configuration: RefreshFeedbackConfiguration(tension: tension))
        let player = RefreshCuePlayer()
        for cue in [RefreshCue.tension(0.5), .tension(0.75), .tensionEnded, .tensionEnded, .tension(0.6)] {
            player.play(cue, on: feedback)
        }
        let expected: [RecordingFeedback.Call] = [
            .parameters(Self.intensity(0.5), atTime: 0), .playbackStarted(tension.texture, atTime: 0),
            .parameters(Self.intensity(0.75), atTime: 0),
            .playbackStopped(atTime: 0),
            .parameters(Self.intensity(0.6), atTime: 0), .playbackStarted(tension.texture, atTime: 0),
        ]
        #expect(recorder.calls == expected)
    }

    @Test func withoutATensionConfiguredTheDefaultTexturePlays() {
        let recorder = RecordingFeedback()
        RefreshCuePlayer().play(.tension(0.4), on: RefreshFeedback(recorder))
        #expect(recorder.calls.contains(.playbackStarted(RefreshTension().texture, atTime: 0)))
    }
}
