import Haptics
import HapticsTesting
import Testing

@Suite struct RecordingFeedbackTests {
    @Test func recordsEveryCallInOrder() {
        let feedback = RecordingFeedback()
        let pattern = Preset.notification(.success).pattern
        feedback.prepare()
        feedback.impact(.light, intensity: 0.5)
        feedback.impact(.heavy)
        feedback.notify(.warning)
        feedback.selection()
        feedback.play(pattern, repetition: .count(2))
        let intents: [FeedbackIntent] = [
            .prepare, .impact(.light, intensity: 0.5), .impact(.heavy, intensity: 1), .notification(.warning), .selection,
            .pattern(pattern, .count(2)),
        ]
        #expect(feedback.intents == intents)
        #expect(feedback.calls == intents.map(RecordingFeedback.Call.intent))
        #expect(feedback.impactStyles == [.light, .heavy])
        feedback.reset()
        #expect(feedback.calls.isEmpty)
    }

    @Test func handsBackPlaybacksThatHaveCompleted() async {
        let handle = RecordingFeedback().impact(.medium)
        #expect(handle.isFinished)
        guard case .completed? = await handle.finished() else {
            Issue.record("expected a completed playback")
            return
        }
    }
}
