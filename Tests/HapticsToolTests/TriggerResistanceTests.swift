import HapticsModel
import PullToRefresh
import Testing

@testable import HapticsTool

/// The demo's trigger resists up to the refresh threshold and gives way exactly there.
@Suite struct TriggerResistanceTests {
    @Test func theThresholdIsWhereTheGestureReachesTheHeadersHeight() {
        #expect(TriggerResistance.threshold == 0.6)
        var gesture = TriggerGesture()
        #expect(gesture.input(for: TriggerResistance.threshold) == .drag(to: RefreshComponentKind.header.defaultHeight))
    }

    @Test func theResistanceStartsBeforeAndGivesWayAtTheThreshold() {
        #expect(TriggerResistance.effect() == .weapon(start: 0.3, end: 0.6, strength: 0.75))
        #expect(TriggerResistance.effect(threshold: 0.8) == .weapon(start: 0.4, end: 0.8, strength: 0.75))
        guard case .weapon(let start, let end, _) = TriggerResistance.effect() else {
            Issue.record("not a weapon effect")
            return
        }
        #expect(start < TriggerResistance.threshold)
        #expect(end == TriggerResistance.threshold)
    }

    @Test func onlyTriggersResist() {
        #expect(TriggerResistance.side(of: PullAxis(code: 0x05, minimum: 0, maximum: 255, isCentered: false)) == .right)
        #expect(TriggerResistance.side(of: PullAxis(code: 0x02, minimum: 0, maximum: 255, isCentered: false)) == .left)
        #expect(TriggerResistance.side(of: PullAxis(code: 0x01, minimum: 0, maximum: 255, isCentered: true)) == nil)
    }
}
