import Haptics
import HapticsTesting
import PullToRefresh
import Testing

/// Tests outside `GlobalDefault` always keep an observer of their own attached while sending inputs,
/// so that a `defaultFeedback` set by a `GlobalDefault` test running in parallel never reaches them.
struct RefreshControllerTests {
    @Test func routesTheFiredCuesToTheObserver() {
        let controller = RefreshController(kind: .header)
        let recorder = RecordingFeedback()
        let configuration = RefreshFeedbackConfiguration(deactivationCue: .selection, notifiesSuccessOnEnd: true)
        let token = controller.addObserver(RefreshFeedback(recorder, configuration: configuration))
        controller.send(.drag(offset: 0))
        controller.send(.drag(offset: 60))
        controller.send(.drag(offset: 30))
        controller.send(.drag(offset: 58))
        controller.send(.release)
        controller.send(.endRefreshing)
        #expect(recorder.calls == [
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
        let token = controller.addObserver(RefreshFeedback(RecordingFeedback()))
        #expect(controller.send(.drag(offset: 50)) == RefreshAction(
            transition: RefreshTransition(from: .idle, to: .pulling),
            cues: [.prepare, .impact(.light, intensity: 1)]
        ))
        #expect(controller.send(.drag(offset: 55)) == nil)
        #expect(controller.pullingPercent == 1.25)
        token.cancel()
    }

    @Test func theObserversConfigurationDrivesTheMachine() {
        let controller = RefreshController(kind: .header)
        let recorder = RecordingFeedback()
        let configuration = RefreshFeedbackConfiguration(impactStyle: .medium, impactIntensity: 0.5, hysteresis: 10)
        let token = controller.addObserver(RefreshFeedback(recorder, configuration: configuration))
        controller.send(.drag(offset: 60))
        controller.send(.drag(offset: 50))
        #expect(controller.state == .pulling)
        #expect(recorder.calls == [.prepare, .impact(.medium, intensity: 0.5)])
        token.cancel()
    }

    @Test func theLatestObserverOverridesEarlierOnesUntilCancelled() {
        let controller = RefreshController(kind: .header)
        let first = RecordingFeedback()
        let second = RecordingFeedback()
        let firstToken = controller.addObserver(RefreshFeedback(first))
        let secondToken = controller.addObserver(RefreshFeedback(second, configuration: RefreshFeedbackConfiguration(impactStyle: .heavy)))
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
        let firstToken = controller.addObserver(RefreshFeedback(first))
        let secondToken = controller.addObserver(RefreshFeedback(second))
        firstToken.cancel()
        controller.send(.drag(offset: 60))
        #expect(first.calls.isEmpty)
        #expect(second.impactStyles == [.light])
        secondToken.cancel()
    }

    @Test func aCancelledObserverReceivesNothing() {
        let controller = RefreshController(kind: .header)
        let backstop = RecordingFeedback()
        let backstopToken = controller.addObserver(RefreshFeedback(backstop))
        let recorder = RecordingFeedback()
        let token = controller.addObserver(RefreshFeedback(recorder))
        controller.send(.drag(offset: 0))
        token.cancel()
        controller.send(.drag(offset: 60))
        #expect(recorder.calls == [.prepare])
        #expect(backstop.impactStyles == [.light])
        backstopToken.cancel()
    }

    @Test func theTokenDoesNotKeepTheControllerAlive() {
        var controller: RefreshController? = RefreshController(kind: .header)
        weak let weakController = controller
        let token = controller?.addObserver(RefreshFeedback(RecordingFeedback()))
        #expect(weakController != nil)
        controller = nil
        #expect(weakController == nil)
        token?.cancel()
    }

    @Test func theControllerReleasesItsObserversWhenItGoesAway() {
        var controller: RefreshController? = RefreshController(kind: .header)
        weak var weakRecorder: RecordingFeedback?
        let token: ObservationToken?
        do {
            let recorder = RecordingFeedback()
            weakRecorder = recorder
            token = controller?.addObserver(RefreshFeedback(recorder))
        }
        #expect(weakRecorder != nil)
        controller = nil
        #expect(weakRecorder == nil)
        token?.cancel()
    }

    @Test func cancellingReleasesTheObserver() {
        let controller = RefreshController(kind: .header)
        weak var weakRecorder: RecordingFeedback?
        let token: ObservationToken
        do {
            let recorder = RecordingFeedback()
            weakRecorder = recorder
            token = controller.addObserver(RefreshFeedback(recorder))
        }
        #expect(weakRecorder != nil)
        token.cancel()
        #expect(weakRecorder == nil)
    }

    /// These tests set `RefreshController.defaultFeedback`, so they run one at a time and restore it.
    @Suite(.serialized)
    struct GlobalDefault {
        @Test func isUsedByAControllerWithoutObservers() {
            let saved = RefreshController.defaultFeedback
            defer { RefreshController.defaultFeedback = saved }
            let global = RecordingFeedback()
            RefreshController.defaultFeedback = RefreshFeedback(global, configuration: RefreshFeedbackConfiguration(impactStyle: .rigid))
            let controller = RefreshController(kind: .header)
            controller.send(.drag(offset: 60))
            #expect(global.calls == [.prepare, .impact(.rigid, intensity: 1)])
        }

        @Test func isOverriddenByAnObserverAndTakesOverWhenItIsCancelled() {
            let saved = RefreshController.defaultFeedback
            defer { RefreshController.defaultFeedback = saved }
            let global = RecordingFeedback()
            RefreshController.defaultFeedback = RefreshFeedback(global)
            let controller = RefreshController(kind: .header)
            let local = RecordingFeedback()
            let token = controller.addObserver(RefreshFeedback(local, configuration: RefreshFeedbackConfiguration(impactStyle: .soft)))
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
            let saved = RefreshController.defaultFeedback
            defer { RefreshController.defaultFeedback = saved }
            RefreshController.defaultFeedback = RefreshFeedback(
                RecordingFeedback(),
                configuration: RefreshFeedbackConfiguration(hysteresis: 10)
            )
            let controller = RefreshController(kind: .header)
            controller.send(.drag(offset: 60))
            controller.send(.drag(offset: 50))
            #expect(controller.state == .pulling)
        }

        @Test func canBeClearedAndRead() {
            let saved = RefreshController.defaultFeedback
            defer { RefreshController.defaultFeedback = saved }
            RefreshController.defaultFeedback = RefreshFeedback(RecordingFeedback(), configuration: RefreshFeedbackConfiguration(hysteresis: 3))
            #expect(RefreshController.defaultFeedback?.configuration.hysteresis == 3)
            RefreshController.defaultFeedback = nil
            #expect(RefreshController.defaultFeedback == nil)
        }
    }
}

@Suite struct ReadmeFeedbackExampleTests {
    /// The README's `RecordingFeedback` example, word for word.
    @Test func theReadmeExampleRecordsThePrepareAndTheImpact() {
        let feedback = RecordingFeedback()
        let header = RefreshController(kind: .header)
        let token = header.addObserver(RefreshFeedback(feedback))
        header.send(.drag(offset: 60))                      // past the 54 pt threshold: pulling
        #expect(feedback.calls == [.prepare, .impact(.light, intensity: 1)])
        token.cancel()
    }
}
