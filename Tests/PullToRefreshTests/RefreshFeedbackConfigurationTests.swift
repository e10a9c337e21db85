import Haptics
import PullToRefresh
import Testing

struct RefreshFeedbackConfigurationTests {
    @Test func defaultsAreALightImpactOnPullingAndNothingElse() {
        let configuration = RefreshFeedbackConfiguration()
        #expect(configuration.impactStyle == .light)
        #expect(configuration.impactIntensity == 1)
        #expect(configuration.hysteresis == 0)
        #expect(configuration.deactivationCue == nil)
        #expect(configuration.notifiesSuccessOnEnd == false)
    }

    @Test func initializerKeepsEveryOption() {
        let configuration = RefreshFeedbackConfiguration(
            impactStyle: .rigid,
            impactIntensity: 0.6,
            hysteresis: 4,
            deactivationCue: .selection,
            notifiesSuccessOnEnd: true
        )
        #expect(configuration.impactStyle == .rigid)
        #expect(configuration.impactIntensity == 0.6)
        #expect(configuration.hysteresis == 4)
        #expect(configuration.deactivationCue == .selection)
        #expect(configuration.notifiesSuccessOnEnd)
    }
}
