import Testing

@testable import HapticsModel

@Suite struct TriggerStatusTests {
    private func status(_ state: TriggerState, position: Double) -> TriggerStatus {
        TriggerStatus(state: state, armPosition: 0.5, position: position, mode: .feedback)
    }

    private let slope = TriggerEffect.slopeFeedback(start: 0.2, end: 0.6, strength: 0.1, endStrength: 1)

    @Test func aSlopesFeedbackReadsAsApplesSlopeStates() {
        #expect(status(.feedbackNoLoad, position: 0.1).reading(as: slope).state == .slopeFeedbackReady)
        #expect(status(.feedbackLoadApplied, position: 0.4).reading(as: slope).state == .slopeFeedbackApplyingLoad)
        #expect(status(.feedbackLoadApplied, position: 0.6).reading(as: slope).state == .slopeFeedbackFinished)
        #expect(status(.feedbackLoadApplied, position: 0.9).reading(as: slope).state == .slopeFeedbackFinished)
    }

    @Test func readingKeepsEverythingButTheSlopesState() {
        let read = status(.feedbackLoadApplied, position: 0.9).reading(as: slope)
        #expect(read.armPosition == 0.5 && read.position == 0.9 && read.mode == .feedback)
        #expect(status(.weaponFired, position: 0.9).reading(as: slope).state == .weaponFired)
        #expect(status(.feedbackLoadApplied, position: 0.9).reading(as: .feedback(start: 0.2, strength: 1)).state == .feedbackLoadApplied)
        #expect(status(.feedbackNoLoad, position: 0).reading(as: .off).state == .feedbackNoLoad)
    }

    @Test func theStatesStableNamesAreApplesInKebabCase() {
        #expect(TriggerState.allCases.count == 11)
        #expect(TriggerState.feedbackLoadApplied.rawValue == "feedback-load-applied")
        #expect(TriggerState.slopeFeedbackApplyingLoad.rawValue == "slope-feedback-applying-load")
        #expect(TriggerState.vibrationIsVibrating.rawValue == "vibration-is-vibrating")
        #expect(TriggerState.unknown.rawValue == "unknown")
    }
}
