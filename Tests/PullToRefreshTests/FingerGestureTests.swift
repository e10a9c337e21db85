import PullToRefresh
import Testing

@Suite struct FingerGestureTests {
    @Test func downDragsALiftReleasesThenTheListScrollsOnItsOwn() {
        var gesture = FingerGesture()
        #expect(gesture.inputs(offset: 10, fingerDown: true) == [.drag(offset: 10)])
        #expect(gesture.isFingerDown)
        #expect(gesture.inputs(offset: 60, fingerDown: true) == [.drag(offset: 60)])
        #expect(gesture.inputs(offset: 58, fingerDown: false) == [.release, .scroll(offset: 58)])
        #expect(!gesture.isFingerDown)
        #expect(gesture.inputs(offset: 54, fingerDown: false) == [.scroll(offset: 54)])
    }

    @Test func liftingReleasesOnlyAFingerThatWasDown() {
        var gesture = FingerGesture()
        #expect(gesture.lift().isEmpty)
        _ = gesture.inputs(offset: 30, fingerDown: true)
        #expect(gesture.lift() == [.release])
        #expect(gesture.lift().isEmpty)
    }
}
