import Haptics
import HapticsTesting
import PullToRefresh
import Testing

/// Every test keeps a backstop observer attached, so that inputs sent after a token is gone never fall
/// through to a `defaultFeedback` set by a test running in parallel.
struct FeedbackAttachmentTests {
    @Test func cancellingTwiceIsHarmless() {
        let controller = RefreshController(kind: .header)
        let backstop = RecordingFeedback()
        let backstopToken = controller.attach(RefreshFeedback(backstop))
        let recorder = RecordingFeedback()
        let token = controller.attach(RefreshFeedback(recorder))
        token.cancel()
        token.cancel()
        controller.send(.drag(offset: 60))
        #expect(recorder.calls.isEmpty)
        #expect(backstop.impactStyles == [.light])
        backstopToken.cancel()
    }

    @Test func releasingTheTokenDetachesTheObserver() {
        let controller = RefreshController(kind: .header)
        let backstop = RecordingFeedback()
        let backstopToken = controller.attach(RefreshFeedback(backstop))
        let recorder = RecordingFeedback()
        var token: FeedbackAttachment? = controller.attach(RefreshFeedback(recorder))
        controller.send(.drag(offset: 60))
        #expect(recorder.impactStyles == [.light])
        #expect(token != nil)
        token = nil
        controller.send(.drag(offset: 20))
        controller.send(.drag(offset: 60))
        #expect(recorder.impactStyles == [.light])
        #expect(backstop.impactStyles == [.light])
        backstopToken.cancel()
    }

    @Test func cancellingAfterTheControllerIsGoneDoesNothing() {
        var controller: RefreshController? = RefreshController(kind: .header)
        weak let weakController = controller
        let token = controller?.attach(RefreshFeedback(RecordingFeedback()))
        controller = nil
        #expect(weakController == nil)
        #expect(token != nil)
        token?.cancel()
    }
}
