import HapticsHidraw
import Testing

@testable import HapticsTool

/// The trackpad's pull: the travel down from where the finger landed.
@Suite struct TrackpadGestureTests {
    private func touch(_ y: Int16) -> SteamDeckInputReport.Touch { SteamDeckInputReport.Touch(x: 0, y: y) }

    @Test func thePullIsTheTravelDownFromWhereTheFingerLandedOverHalfThePad() {
        var gesture = TrackpadGesture()
        #expect(gesture.pull(for: touch(10000)) == nil)
        #expect(gesture.pull(for: touch(10000 - 16384)) == 16384 / TrackpadPullReader.fullPull)
        #expect(gesture.pull(for: touch(-32000)) == 1)
        #expect(gesture.pull(for: touch(20000)) == 0)
    }

    @Test func liftingLetsGoAndTheNextTouchStartsAfresh() {
        var gesture = TrackpadGesture()
        _ = gesture.pull(for: touch(0))
        #expect(gesture.pull(for: touch(-8000)) == 8000 / TrackpadPullReader.fullPull)
        #expect(gesture.pull(for: nil) == 0)
        #expect(gesture.pull(for: touch(-8000)) == nil)
        #expect(gesture.pull(for: touch(-16000)) == 8000 / TrackpadPullReader.fullPull)
    }
}
