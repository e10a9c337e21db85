import Haptics
import HapticsTesting
import PullToRefresh
import Testing

@testable import HapticsCommandLine
@testable import HapticsTool

@Suite struct DemoModelTests {
    /// What the model's engine plays on, on a manual clock.
    private let recorder = RecordingDriver()

    /// A fresh model whose cues play on `recorder`, at 14:03.

    private func makeModel(flashes: Bool = true, hysteresis: Double = 0) -> DemoModel {
        let engine = HapticEngine(driver: recorder, clock: ManualClock())
        let feedback = RefreshFeedback(engine, configuration: RefreshFeedbackConfiguration(hysteresis: hysteresis))
        return DemoModel(feedback: feedback, flashes: flashes, now: { WallClockTime(hour: 14, minute: 3) })
    }

    /// The impacts the driver received: a light impact is one frame with the motors on.
    private var impactFrames: Int {
        recorder.frames.filter { !$0.isSilent }.count
    }

    /// Feeds `inputs` in order and returns the effects.
    @discardableResult
    private func send(_ inputs: DemoInput..., to model: inout DemoModel) -> [DemoModel.Effect] {
        inputs.flatMap { model.handle(.input($0)) }
    }

    /// `count` pulls of a key step.
    private func pulls(_ count: Int) -> [DemoInput] {
        Array(repeating: .pull(step: KeyDecoder.step), count: count)
    }

    @Test func theSeventhPullCrossesTheThresholdAndFiresOneImpact() {
        var model = makeModel()
        for input in pulls(6) { #expect(model.handle(.input(input)) == []) }
        #expect(model.state.refreshState == .idle)
        #expect(model.state.offset == 54)
        #expect(impactFrames == 0)
        let effects = model.handle(.input(.pull(step: KeyDecoder.step)))
        #expect(effects == [.schedule(.flashEnded(1), after: DemoModel.flashDuration)])
        #expect(model.state.refreshState == .pulling)
        #expect(model.state.isFlashing)
        #expect(model.state.impacts == 1)
        #expect(impactFrames == 1)
        #expect(model.handle(.input(.pull(step: KeyDecoder.step))) == [])
        #expect(impactFrames == 1)
    }

    @Test func lettingGoPastTheThresholdLoadsForASecondThenSpringsBack() {
        var model = makeModel()
        for input in pulls(7) { _ = model.handle(.input(input)) }
        #expect(model.handle(.input(.release)) == [.schedule(.refreshFinished, after: .seconds(1))])
        #expect(model.state.refreshState == .refreshing)
        #expect(model.state.offset == 54)
        #expect(model.state.pullingPercent == 1)
        #expect(model.handle(.refreshFinished) == [])
        #expect(model.state.refreshState == .idle)
        #expect(model.state.offset == 0)
        #expect(model.state.pullingPercent == 0)
        #expect(model.state.loads == 1)
        #expect(model.state.lastUpdated == WallClockTime(hour: 14, minute: 3))
        #expect(impactFrames == 1)
    }

    @Test func lettingGoBeforeTheThresholdSpringsBackWithoutLoading() {
        var model = makeModel()
        for input in pulls(6) { _ = model.handle(.input(input)) }
        #expect(model.handle(.input(.release)) == [])
        #expect(model.state.refreshState == .idle)
        #expect(model.state.offset == 0)
        #expect(model.state.pullingPercent == 0)
        #expect(model.handle(.refreshFinished) == [])
        #expect(model.state.loads == 0)
    }

    @Test func pushingBackToTheThresholdReturnsToIdleAndTheNextCrossingFiresAgain() {
        var model = makeModel()
        for input in pulls(7) { _ = model.handle(.input(input)) }
        send(.push(step: KeyDecoder.step), to: &model)
        #expect(model.state.refreshState == .idle)
        send(.pull(step: KeyDecoder.step), to: &model)
        #expect(model.state.refreshState == .pulling)
        #expect(model.state.impacts == 2)
        #expect(impactFrames == 2)
    }

    @Test func hysteresisKeepsAPushJustBelowTheThresholdPulling() {
        var model = makeModel(hysteresis: 5)
        for input in pulls(7) { _ = model.handle(.input(input)) }
        send(.push(step: KeyDecoder.step), to: &model)
        #expect(model.state.refreshState == .pulling)
        send(.push(step: KeyDecoder.step), to: &model)
        #expect(model.state.refreshState == .idle)
    }

    @Test func pushingNeverGoesAboveTheTop() {
        var model = makeModel()
        send(.pull(step: KeyDecoder.step), .push(step: KeyDecoder.step), .push(step: KeyDecoder.step), to: &model)
        #expect(model.state.offset == 0)
    }

    @Test func afterThreeLoadsThereIsNoMoreData() {
        var model = makeModel()
        for load in 1...3 {
            #expect(!model.state.hasNoMoreData)
            for input in pulls(7) + [.release] { _ = model.handle(.input(input)) }
            _ = model.handle(.refreshFinished)
            #expect(model.state.loads == load)
        }
        #expect(model.state.hasNoMoreData)
        #expect(impactFrames == 3)
    }

    @Test func aStaleFlashEndLeavesALaterFlashOn() {
        var model = makeModel()
        for input in pulls(7) { _ = model.handle(.input(input)) }
        send(.push(step: KeyDecoder.step), to: &model)
        #expect(send(.pull(step: KeyDecoder.step), to: &model) == [.schedule(.flashEnded(2), after: DemoModel.flashDuration)])
        _ = model.handle(.flashEnded(1))
        #expect(model.state.isFlashing)
        _ = model.handle(.flashEnded(2))
        #expect(!model.state.isFlashing)
    }

    @Test func withoutFlashesAnImpactIsCountedButNotFlashed() {
        var model = makeModel(flashes: false)
        let effects = pulls(7).flatMap { model.handle(.input($0)) }
        #expect(effects == [])
        #expect(model.state.impacts == 1)
        #expect(!model.state.isFlashing)
    }

    @Test func theDriversLatestLinesAreKept() {
        var model = makeModel()
        for line in ["one", "two", "three"] { _ = model.handle(.driverLine(line)) }
        #expect(model.state.driverLines == ["two", "three"])
    }

    @Test func lettingGoWithoutAPullDoesNothing() {
        var model = makeModel()
        #expect(model.handle(.input(.release)) == [])
        #expect(model.state == DemoState())
    }

    @Test func quitFinishes() {
        var model = makeModel()
        #expect(!model.isFinished)
        _ = model.handle(.input(.quit))
        #expect(model.isFinished)
    }
}
