import Haptics
import PullToRefresh
import Testing

@testable import HapticsCommandLine
@testable import HapticsTool

@Suite struct DemoModelTests {
    /// A fresh model, at 14:03.
    private func makeModel(flashes: Bool = true, hysteresis: Double = 0) -> DemoModel {
        DemoModel(
            configuration: RefreshFeedbackConfiguration(hysteresis: hysteresis), flashes: flashes,
            now: { WallClockTime(hour: 14, minute: 3) })
    }

    /// The light impacts among `effects`.
    private func impacts(_ effects: [DemoModel.Effect]) -> Int {
        effects.filter { $0 == .play(.intent(.impact(.light, intensity: 1))) }.count
    }

    /// The timers among `effects`.
    private func timers(_ effects: [DemoModel.Effect]) -> [DemoModel.Effect] {
        effects.filter { if case .schedule = $0 { true } else { false } }
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
        let first = pulls(6).map { model.handle(.input($0)) }
        #expect(first.first == [.play(.intent(.prepare))], "the first pull gets the feedback ready")
        #expect(first.dropFirst().allSatisfy { $0.isEmpty })
        #expect(model.state.refreshState == .idle)
        #expect(model.state.offset == 54)
        let effects = model.handle(.input(.pull(step: KeyDecoder.step)))
        #expect(effects == [.play(.intent(.impact(.light, intensity: 1))), .schedule(.flashEnded(1), after: DemoModel.flashDuration)])
        #expect(model.state.refreshState == .pulling)
        #expect(model.state.isFlashing)
        #expect(model.state.impacts == 1)
        #expect(model.handle(.input(.pull(step: KeyDecoder.step))) == [])
    }

    /// The model decides and the caller plays: with a tension configured, the texture's cues
    /// come back as effects in the machine's order, the impact after the texture ends.
    @Test func theCuesComeBackInTheMachinesOrder() {
        var model = DemoModel(
            configuration: RefreshFeedbackConfiguration(tension: RefreshTension(startPercent: 0.5)), flashes: false,
            now: { WallClockTime(hour: 14, minute: 3) })
        let effects = send(.drag(to: 27), .drag(to: 60), to: &model)
        #expect(
            effects == [
                .play(.intent(.prepare)), .play(.tension(0.5)), .play(.tensionEnded), .play(.intent(.impact(.light, intensity: 1))),
            ])
    }

    @Test func lettingGoPastTheThresholdLoadsForASecondThenSpringsBack() {
        var model = makeModel()
        for input in pulls(7) { _ = model.handle(.input(input)) }
        #expect(timers(model.handle(.input(.release))) == [.schedule(.refreshFinished, after: .seconds(1))])
        #expect(model.state.refreshState == .refreshing)
        #expect(model.state.offset == 54)
        #expect(model.state.pullingPercent == 1)
        #expect(model.handle(.refreshFinished) == [])
        #expect(model.state.refreshState == .idle)
        #expect(model.state.offset == 0)
        #expect(model.state.pullingPercent == 0)
        #expect(model.state.loads == 1)
        #expect(model.state.lastUpdated == WallClockTime(hour: 14, minute: 3))
    }

    @Test func lettingGoBeforeTheThresholdSpringsBackWithoutLoading() {
        var model = makeModel()
        for input in pulls(6) { _ = model.handle(.input(input)) }
        #expect(timers(model.handle(.input(.release))) == [])
        #expect(model.state.refreshState == .idle)
        #expect(model.state.offset == 0)
        #expect(model.state.pullingPercent == 0)
        #expect(model.handle(.refreshFinished) == [])
        #expect(model.state.loads == 0)
    }

    @Test func pushingBackToTheThresholdReturnsToIdleAndTheNextCrossingFiresAgain() {
        var model = makeModel()
        let crossing = pulls(7).flatMap { model.handle(.input($0)) }
        send(.push(step: KeyDecoder.step), to: &model)
        #expect(model.state.refreshState == .idle)
        let again = send(.pull(step: KeyDecoder.step), to: &model)
        #expect(model.state.refreshState == .pulling)
        #expect(model.state.impacts == 2)
        #expect(impacts(crossing) == 1 && impacts(again) == 1)
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
        var effects: [DemoModel.Effect] = []
        for load in 1...3 {
            #expect(!model.state.hasNoMoreData)
            for input in pulls(7) + [.release] { effects += model.handle(.input(input)) }
            effects += model.handle(.refreshFinished)
            #expect(model.state.loads == load)
        }
        #expect(model.state.hasNoMoreData)
        #expect(impacts(effects) == 3)
    }

    @Test func aStaleFlashEndLeavesALaterFlashOn() {
        var model = makeModel()
        for input in pulls(7) { _ = model.handle(.input(input)) }
        send(.push(step: KeyDecoder.step), to: &model)
        #expect(timers(send(.pull(step: KeyDecoder.step), to: &model)) == [.schedule(.flashEnded(2), after: DemoModel.flashDuration)])
        _ = model.handle(.flashEnded(1))
        #expect(model.state.isFlashing)
        _ = model.handle(.flashEnded(2))
        #expect(!model.state.isFlashing)
    }

    @Test func withoutFlashesAnImpactIsCountedButNotFlashed() {
        var model = makeModel(flashes: false)
        let effects = pulls(7).flatMap { model.handle(.input($0)) }
        #expect(timers(effects) == [])
        #expect(impacts(effects) == 1)
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
