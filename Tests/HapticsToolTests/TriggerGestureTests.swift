import Testing

@testable import HapticsCommandLine
@testable import HapticsTool

@Suite struct TriggerGestureTests {
    @Test func pullingDragsInProportionAndRestingReleasesOnce() {
        var gesture = TriggerGesture()
        let inputs = [0.0, 0.01, 0.5, 0.75, 1.0, 0.02, 0.0, 0.3].map { gesture.input(for: $0) }
        #expect(inputs == [nil, nil, .drag(to: 45), .drag(to: 67.5), .drag(to: 90), .release, nil, .drag(to: 27)])
    }

    @Test func theThresholdSitsAtSixtyPercentOfTheTrigger() {
        var gesture = TriggerGesture()
        #expect(gesture.input(for: 0.6) == .drag(to: 54))
    }
}
