import Testing

@testable import HapticsDaemon

@Suite struct FeedbackArbitrationTests {
    @Test func normalFeedbacksMix() {
        var arbitration = FeedbackArbitration<String>()
        #expect(arbitration.start(1, .normal, on: "pad") == .init(sounds: true, silences: []))
        #expect(arbitration.start(2, .normal, on: "pad") == .init(sounds: true, silences: []))
        #expect(arbitration.sounds(1, on: "pad") && arbitration.sounds(2, on: "pad"))
        #expect(arbitration.end(1).isEmpty)
    }

    @Test func aPreemptingFeedbackSilencesTheOthersOnItsPadOnlyUntilItEnds() {
        var arbitration = FeedbackArbitration<String>()
        _ = arbitration.start(2, .normal, on: "pad")
        _ = arbitration.start(1, .normal, on: "pad")
        _ = arbitration.start(5, .normal, on: "other pad")
        #expect(arbitration.start(3, .preempting, on: "pad") == .init(sounds: true, silences: [1, 2]))
        #expect(!arbitration.sounds(1, on: "pad") && !arbitration.sounds(2, on: "pad"))
        #expect(arbitration.sounds(3, on: "pad") && arbitration.sounds(5, on: "other pad"))
        #expect(arbitration.start(4, .normal, on: "pad") == .init(sounds: false, silences: []))
        #expect(arbitration.end(2).isEmpty)
        #expect(arbitration.end(3) == ["pad": [1, 4]])
        #expect(arbitration.sounds(1, on: "pad") && arbitration.sounds(4, on: "pad") && !arbitration.sounds(2, on: "pad"))
    }

    @Test func preemptingFeedbacksMixAndTheLastToEndReleases() {
        var arbitration = FeedbackArbitration<String>()
        _ = arbitration.start(1, .normal, on: "pad")
        #expect(arbitration.start(2, .preempting, on: "pad") == .init(sounds: true, silences: [1]))
        #expect(arbitration.start(3, .preempting, on: "pad") == .init(sounds: true, silences: []))
        #expect(arbitration.sounds(2, on: "pad") && arbitration.sounds(3, on: "pad"))
        #expect(arbitration.end(2).isEmpty)
        #expect(!arbitration.sounds(1, on: "pad"))
        #expect(arbitration.end(3) == ["pad": [1]])
    }

    @Test func aSecondStartOnThePadChangesNothing() {
        var arbitration = FeedbackArbitration<String>()
        _ = arbitration.start(1, .normal, on: "pad")
        _ = arbitration.start(2, .preempting, on: "pad")
        #expect(arbitration.start(1, .normal, on: "pad") == .init(sounds: false, silences: []))
        #expect(arbitration.start(2, .preempting, on: "pad") == .init(sounds: true, silences: []))
    }

    @Test(arguments: [
        ("notification-new-generic", false, FeedbackPriority.preempting), ("message-new-sms", false, .preempting),
        ("phone-incoming-call", false, .preempting), ("alarm-clock-elapsed", false, .preempting),
        ("button-pressed", false, .normal), ("button-pressed", true, .preempting), ("window-close", false, .normal),
    ])
    func importantOrNotificationClassEventsPreempt(_ event: String, _ important: Bool, _ priority: FeedbackPriority) {
        #expect(FeedbackPriority(event: event, important: important) == priority)
    }
}
