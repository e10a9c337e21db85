import Haptics
import HapticsTesting
import PullToRefresh
import Testing

@testable import HapticsTool

@Suite struct DemoStorageTests {
    /// A storage whose cues play on `feedback`, at 14:03.
    private func makeStorage(on feedback: RecordingFeedback, flashes: Bool = true) -> DemoStorage {
        DemoStorage(
            DemoModel(configuration: RefreshFeedbackConfiguration(), flashes: flashes, now: { WallClockTime(hour: 14, minute: 3) }),
            playingOn: RefreshFeedback(feedback))
    }

    @Test func theImpactPlaysBeforeTheScreenIsTold() async {
        let feedback = RecordingFeedback()
        let storage = makeStorage(on: feedback)
        storage.handle(.input(.drag(to: 60)))
        // Played by the time `handle` returns, on the caller's thread.
        #expect(feedback.intents == [.prepare, .impact(.light, intensity: 1)])
        var updates = storage.updates.makeAsyncIterator()
        let timers = await updates.next()
        #expect(timers == [DemoStorage.Timer(event: .flashEnded(1), delay: DemoModel.flashDuration)])
        #expect(storage.snapshot.state.impacts == 1)
        #expect(storage.snapshot.state.refreshState == .pulling)
    }

    @Test func everyEventTellsTheScreenEvenWithoutATimer() async {
        let storage = makeStorage(on: RecordingFeedback())
        storage.handle(.input(.pull(step: KeyDecoder.step)))
        storage.handle(.driverLine("a line"))
        var updates = storage.updates.makeAsyncIterator()
        #expect(await updates.next() == [])
        #expect(await updates.next() == [])
        #expect(storage.snapshot.state.driverLines == ["a line"])
    }

    @Test func afterQuittingNothingPlaysAndNothingChanges() {
        let feedback = RecordingFeedback()
        let storage = makeStorage(on: feedback)
        storage.handle(.input(.quit))
        #expect(storage.snapshot.isFinished)
        storage.handle(.input(.drag(to: 60)))
        #expect(feedback.calls.isEmpty)
        #expect(storage.snapshot.state == DemoState())
    }
}
