import Haptics
import HapticsTesting
import PullToRefresh
import Testing

struct RefreshControllerTests {
    @Test func routesTheFiredCuesToTheObserver() {
        let controller = RefreshController(kind: .header)
        let recorder = RecordingFeedback()
        let configuration = RefreshFeedbackConfiguration(deactivationCue: .selection, notifiesSuccessOnEnd: true)
        let token = controller.attach(RefreshFeedback(recorder, configuration: configuration))
        controller.send(.drag(offset: 0))
        controller.send(.drag(offset: 60))
        controller.send(.drag(offset: 30))
        controller.send(.drag(offset: 58))
        controller.send(.release)
        controller.send(.endRefreshing)
        #expect(
            recorder.intents == [
                .prepare,
                .impact(.light, intensity: 1),
                .selection,
                .impact(.light, intensity: 1),
                .notification(.success),
            ])
        #expect(controller.state == .idle)
        token.cancel()
    }

    @Test func sendReturnsTheMachinesAction() {
        let controller = RefreshController(kind: .backFooter)
        let token = controller.attach(RefreshFeedback(RecordingFeedback()))
        #expect(
            controller.send(.drag(offset: 50))
                == RefreshAction(
                    transition: RefreshTransition(from: .idle, to: .pulling),
                    cues: [.intent(.prepare), .intent(.impact(.light, intensity: 1))]
                ))
        #expect(controller.send(.drag(offset: 55)) == nil)
        #expect(controller.pullingPercent == 1.25)
        token.cancel()
    }

    @Test func theObserversConfigurationDrivesTheMachine() {
        let controller = RefreshController(kind: .header)
        let recorder = RecordingFeedback()
        let configuration = RefreshFeedbackConfiguration(impactStyle: .medium, impactIntensity: 0.5, hysteresis: 10)
        let token = controller.attach(RefreshFeedback(recorder, configuration: configuration))
        controller.send(.drag(offset: 60))
        controller.send(.drag(offset: 50))
        #expect(controller.state == .pulling)
        #expect(recorder.intents == [.prepare, .impact(.medium, intensity: 0.5)])
        token.cancel()
    }

    @Test func theLatestObserverOverridesEarlierOnesUntilCancelled() {
        let controller = RefreshController(kind: .header)
        let first = RecordingFeedback()
        let second = RecordingFeedback()
        let firstToken = controller.attach(RefreshFeedback(first))
        let secondToken = controller.attach(RefreshFeedback(second, configuration: RefreshFeedbackConfiguration(impactStyle: .heavy)))
        controller.send(.drag(offset: 60))
        #expect(first.calls.isEmpty)
        #expect(second.impactStyles == [.heavy])

        secondToken.cancel()
        controller.send(.drag(offset: 20))
        controller.send(.drag(offset: 60))
        #expect(first.impactStyles == [.light])
        #expect(second.impactStyles == [.heavy])
        firstToken.cancel()
    }

    @Test func cancellingAnEarlierObserverKeepsTheLatest() {
        let controller = RefreshController(kind: .header)
        let first = RecordingFeedback()
        let second = RecordingFeedback()
        let firstToken = controller.attach(RefreshFeedback(first))
        let secondToken = controller.attach(RefreshFeedback(second))
        firstToken.cancel()
        controller.send(.drag(offset: 60))
        #expect(first.calls.isEmpty)
        #expect(second.impactStyles == [.light])
        secondToken.cancel()
    }

    @Test func aCancelledObserverReceivesNothing() {
        let controller = RefreshController(kind: .header)
        let backstop = RecordingFeedback()
        let backstopToken = controller.attach(RefreshFeedback(backstop))
        let recorder = RecordingFeedback()
        let token = controller.attach(RefreshFeedback(recorder))
        controller.send(.drag(offset: 0))
        token.cancel()
        controller.send(.drag(offset: 60))
        #expect(recorder.intents == [.prepare])
        #expect(backstop.impactStyles == [.light])
        backstopToken.cancel()
    }

    @Test func theTokenDoesNotKeepTheControllerAlive() {
        var controller: RefreshController? = RefreshController(kind: .header)
        weak let weakController = controller
        let token = controller?.attach(RefreshFeedback(RecordingFeedback()))
        #expect(weakController != nil)
        controller = nil
        #expect(weakController == nil)
        token?.cancel()
    }

    @Test func theControllerReleasesItsObserversWhenItGoesAway() {
        var controller: RefreshController? = RefreshController(kind: .header)
        weak var weakRecorder: RecordingFeedback?
        let token: FeedbackAttachment?
        do {
            let recorder = RecordingFeedback()
            weakRecorder = recorder
            token = controller?.attach(RefreshFeedback(recorder))
        }
        #expect(weakRecorder != nil)
        controller = nil
        #expect(weakRecorder == nil)
        token?.cancel()
    }

    @Test func cancellingReleasesTheObserver() {
        let controller = RefreshController(kind: .header)
        weak var weakRecorder: RecordingFeedback?
        let token: FeedbackAttachment
        do {
            let recorder = RecordingFeedback()
            weakRecorder = recorder
            token = controller.attach(RefreshFeedback(recorder))
        }
        #expect(weakRecorder != nil)
        token.cancel()
        #expect(weakRecorder == nil)
    }

    /// One feedback for many components, handed to each: no process-wide state, so these run
    /// in parallel with everything else.
    struct SharedFeedback {
        @Test func isUsedByAControllerWithNothingAttached() {
            let global = RecordingFeedback()
            let shared = SharedRefreshFeedback(RefreshFeedback(global, configuration: RefreshFeedbackConfiguration(impactStyle: .rigid)))
            let controller = RefreshController(kind: .header, shared: shared)
            controller.send(.drag(offset: 60))
            #expect(global.intents == [.prepare, .impact(.rigid, intensity: 1)])
        }

        @Test func servesEveryControllerMadeWithIt() {
            let global = RecordingFeedback()
            let shared = SharedRefreshFeedback(RefreshFeedback(global))
            let header = RefreshController(kind: .header, shared: shared)
            let footer = RefreshController(kind: .backFooter, shared: shared)
            let other = RefreshController(kind: .header)
            header.send(.drag(offset: 60))
            footer.send(.drag(offset: 50))
            other.send(.drag(offset: 60))
            #expect(global.impactStyles == [.light, .light])
        }

        @Test func isOverriddenByAnAttachedFeedbackAndTakesOverWhenItIsCancelled() {
            let global = RecordingFeedback()
            let shared = SharedRefreshFeedback(RefreshFeedback(global))
            let controller = RefreshController(kind: .header, shared: shared)
            let local = RecordingFeedback()
            let token = controller.attach(RefreshFeedback(local, configuration: RefreshFeedbackConfiguration(impactStyle: .soft)))
            controller.send(.drag(offset: 60))
            #expect(local.impactStyles == [.soft])
            #expect(global.calls.isEmpty)

            token.cancel()
            controller.send(.drag(offset: 20))
            controller.send(.drag(offset: 60))
            #expect(global.impactStyles == [.light])
            #expect(local.impactStyles == [.soft])
        }

        @Test func itsConfigurationDrivesTheMachine() {
            let shared = SharedRefreshFeedback(
                RefreshFeedback(RecordingFeedback(), configuration: RefreshFeedbackConfiguration(hysteresis: 10)))
            let controller = RefreshController(kind: .header, shared: shared)
            controller.send(.drag(offset: 60))
            controller.send(.drag(offset: 50))
            #expect(controller.state == .pulling)
        }

        @Test func canBeChangedClearedAndRead() {
            let shared = SharedRefreshFeedback()
            #expect(shared.feedback == nil)
            shared.feedback = RefreshFeedback(RecordingFeedback(), configuration: RefreshFeedbackConfiguration(hysteresis: 3))
            #expect(shared.feedback?.configuration.hysteresis == 3)
            shared.feedback = nil
            #expect(shared.feedback == nil)
        }
    }
}

@Suite struct ReadmeFeedbackExampleTests {
    /// The README's `RecordingFeedback` example, word for word.
    @Test func theReadmeExampleRecordsThePrepareAndTheImpact() {
        let feedback = RecordingFeedback()
        let header = RefreshController(kind: .header)
        let token = header.attach(RefreshFeedback(feedback))
        header.send(.drag(offset: 60))  // past the 54 pt threshold: pulling
        #expect(feedback.intents == [.prepare, .impact(.light, intensity: 1)])
        token.cancel()
    }
}

@Suite struct ReadmePullToRefreshExampleTests {
    /// The README's pull-to-refresh example, on a recording feedback.
    @Test func theReadmeExampleFiresTheImpact() {
        let engine = RecordingFeedback()
        let header = RefreshController(kind: .header)  // 54 pt threshold
        let attachment = header.attach(RefreshFeedback(engine))  // this header's haptics
        var finger = FingerGesture()  // (offset, finger) -> inputs
        for input in finger.inputs(offset: 60, fingerDown: true) { header.send(input) }  // the impact
        #expect(engine.intents == [.prepare, .impact(.light, intensity: 1)])
        attachment.cancel()
    }
}
