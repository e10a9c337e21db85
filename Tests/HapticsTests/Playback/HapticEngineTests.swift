import Haptics
import HapticsTesting
import Synchronization
import Testing

@Suite struct HapticEngineTests {
    /// The success pattern as the driver must receive it: each frame at the time it was due,
    /// then silence.
    static let successFrames: [ExpectedFrame] = [
        ExpectedFrame(0, 40, 0.16, 0.16), ExpectedFrame(40, 80, 0, 0), ExpectedFrame(120, 240, 1, 1), ExpectedFrame(360, 0, 0, 0),
    ]

    /// The example of the testing article (Haptics.docc), word for word, run a thousand times in
    /// a row: every time, the whole pattern has reached the driver when `advance` returns.
    @Test func theReadmeExampleSeesEveryFrameEveryTime() async {
        for _ in 0..<1000 {
            let clock = ManualClock()
            let driver = RecordingDriver()
            let engine = HapticEngine(driver: driver, clock: clock)
            engine.notify(.success)
            await clock.advance(by: .milliseconds(500))
            // driver.frames: every frame of the success pattern, with the time it was due
            guard ExpectedFrame.all(Self.successFrames, match: driver.frames) else {
                expectFrames(driver.frames, Self.successFrames)
                return
            }
        }
    }

    /// The README's library example, as written but for two things: the pattern file's path,
    /// found from this file so that the test runs from any directory, and the stdout driver's
    /// lines, collected to be counted.
    @Test func theReadmeLibraryExamplePlaysThrough() async throws {
        let lines = Mutex<[String]>([])
        let repository = #filePath.split(separator: "/").dropLast(4).joined(separator: "/")
        let engine = HapticEngine(driver: StdoutDriver(format: .text) { line in lines.withLock { $0.append(line) } })
        engine.prepare()
        engine.impact(.medium)
        engine.impact(.light, intensity: 0.5)
        engine.notify(.success)
        let loaded = try PatternFile.load(contentsOf: "/\(repository)/Patterns/selection.ahap")
        let handle = engine.play(loaded.pattern, repetition: .count(3))
        let outcome = await handle.finished()
        engine.stop()
        await engine.close()
        #expect(outcome == .completed)
        // The impacts, the notification and three selection ticks mixed: frames, then silence.
        #expect(lines.withLock { $0.count } >= 4)
    }

    @Test func eachTenMillisecondAdvanceDeliversExactlyTheFramesDueByThen() async {
        let clock = ManualClock()
        let driver = RecordingDriver()
        let engine = HapticEngine(driver: driver, clock: clock)
        let handle = engine.notify(.success)
        let track = engine.track(for: .notification(.success))
        let dueTimes = track.frames.map(\.start) + [track.duration]
        for step in 0...50 {
            let now = Duration.milliseconds(10 * step)
            if step > 0 { await clock.advance(by: .milliseconds(10)) }
            #expect(driver.frames.map(\.start) == dueTimes.filter { $0 <= now }, "at \(now)")
            #expect(handle.isFinished == (now >= track.duration), "at \(now)")
        }
    }

    @Test func anImpactAfterTheClockMovedStartsThen() async {
        let clock = ManualClock()
        let driver = RecordingDriver()
        let engine = HapticEngine(driver: driver, clock: clock)
        await clock.advance(by: .milliseconds(250))
        engine.impact(.heavy)
        await clock.run()
        expectFrames(driver.frames, [ExpectedFrame(250, 60, 1, 1), ExpectedFrame(310, 0, 0, 0)])
    }

    @Test func aDriverThatStopsTheEngineFromInsideApplyNeitherDeadlocksNorCrashes() async {
        let driver = ReentrantDriver()
        let clock = ManualClock()
        let engine = HapticEngine(driver: driver, clock: clock)
        driver.onApply = { frame in if frame.start == .milliseconds(120) { engine.stop() } }
        let handle = engine.notify(.success)
        await clock.advance(by: .seconds(1))
        guard case .stopped? = await handle.finished() else {
            Issue.record("expected the playback to be stopped from inside the driver")
            return
        }
        #expect(driver.calls == ["apply 0", "apply 40", "apply 120", "stop"])
    }

    @Test func aDriverMayPlayAndSetTheGainFromInsideItsMethods() async {
        let driver = ReentrantDriver()
        let clock = ManualClock()
        let engine = HapticEngine(driver: driver, clock: clock)
        driver.onApply = { frame in
            if frame.start == .zero && frame.gain == 1 { engine.setGain(0.5) }
        }
        driver.onStop = { engine.impact(.light) }
        engine.impact(.heavy)
        await clock.advance(by: .milliseconds(50))
        engine.stop()
        await clock.run()
        #expect(driver.calls == ["apply 0", "apply 0", "stop", "apply 50", "apply 90"])
        #expect(driver.gains == [1, 0.5, 0.5, 0.5])
    }

    @Test func aCancelledWaiterStopsWaitingAtOnceWhileThePlaybackGoesOn() async {
        let clock = ManualClock()
        let driver = RecordingDriver()
        let engine = HapticEngine(driver: driver, clock: clock)
        let handle = engine.play(.impact(.heavy), repetition: .forever)
        let waiter = Task { await handle.finished() }
        waiter.cancel()
        #expect(await waiter.value == nil)
        await clock.advance(by: .seconds(3))
        #expect(!handle.isFinished)
        #expect(driver.frames.count > 1)
        engine.stop()
        guard case .stopped? = await handle.finished() else {
            Issue.record("expected the playback to end stopped")
            return
        }
    }

    @Test func closeStopsTurnsTheMotorsOffAndReleasesTheDriver() async {
        let clock = ManualClock()
        let driver = RecordingDriver()
        let engine = HapticEngine(driver: driver, clock: clock)
        let handle = engine.play(.notification(.warning), repetition: .forever)
        await clock.advance(by: .milliseconds(50))
        await engine.close()
        #expect(Array(driver.entries.suffix(2)) == [.stop, .close])
        guard case .stopped? = handle.outcome else {
            Issue.record("expected the playback to end stopped, got \(String(describing: handle.outcome))")
            return
        }
    }

    @Test func startReportsWhyTheDriverCannotBeReadyAndPrepareDoesNot() async {
        struct Forbidden: Error {}
        let engine = HapticEngine(driver: FailingDriver(error: Forbidden()), clock: ManualClock())
        engine.prepare()
        await #expect(throws: Forbidden.self) { try await engine.start() }
    }

    @Test func theDefaultClockIsThePrecisionClock() async {
        let driver = RecordingDriver()
        let engine: HapticEngine = HapticEngine(driver: driver)
        guard case .completed? = await engine.impact(.light).finished() else {
            Issue.record("expected the impact to complete")
            return
        }
        #expect(driver.frames.count == 2)
    }

    /// Many threads playing, stopping and changing the gain at once, on the real timer
    /// thread: the driver is never entered twice at once, and after the last stop nothing
    /// more arrives.
    @Test func neverTwoDriverCallsAtOnce() async {
        let driver = ExclusiveDriver()
        let engine = HapticEngine(driver: driver)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for round in 0..<200 {
                        switch (worker + round) % 4 {
                        case 0: engine.impact(.light)
                        case 1: engine.play(.notification(.success)).stop()
                        case 2: engine.setGain(Double(round % 10) / 10)
                        default: engine.selection()
                        }
                    }
                }
            }
        }
        await engine.close()
        let calls = driver.callCount
        try? await Task.sleep(for: .milliseconds(100))
        #expect(driver.overlaps == 0)
        #expect(driver.callCount == calls)
        #expect(driver.lastCall == "close")
    }
}

extension ExpectedFrame {
    /// Whether `frames` are exactly `expected`.
    static func all(_ expected: [ExpectedFrame], match frames: [RumbleFrame]) -> Bool {
        frames.count == expected.count && zip(frames, expected).allSatisfy { $1.matches($0) }
    }
}

/// A driver that runs a test's closures from inside its methods, and notes each call.
final class ReentrantDriver: HapticDriver {
    private struct State {
        var calls: [String] = []
        var gains: [Double] = []
        var onApply: @Sendable (RumbleFrame) -> Void = { _ in }
        var onStop: @Sendable () -> Void = {}
    }

    private let state = Mutex(State())

    var calls: [String] { state.withLock { $0.calls } }
    var gains: [Double] { state.withLock { $0.gains } }
    var onApply: @Sendable (RumbleFrame) -> Void {
        get { state.withLock { $0.onApply } }
        set { state.withLock { $0.onApply = newValue } }
    }
    var onStop: @Sendable () -> Void {
        get { state.withLock { $0.onStop } }
        set { state.withLock { $0.onStop = newValue } }
    }

    func prepare() {}

    func apply(_ frame: RumbleFrame) {
        let hook = state.withLock { state in
            state.calls.append("apply \(Int(frame.start.inMilliseconds.rounded()))")
            state.gains.append(frame.gain)
            return state.onApply
        }
        hook(frame)
    }

    func stop() {
        let hook = state.withLock { state in
            state.calls.append("stop")
            return state.onStop
        }
        hook()
    }

    func close() {
        state.withLock { $0.calls.append("close") }
    }
}

/// A driver that notices when two of its calls overlap.
final class ExclusiveDriver: HapticDriver {
    private let inside = Atomic<Int>(0)
    private let overlapCount = Atomic<Int>(0)
    private let calls = Atomic<Int>(0)
    private let last = Mutex("")

    var overlaps: Int { overlapCount.load(ordering: .sequentiallyConsistent) }
    var callCount: Int { calls.load(ordering: .sequentiallyConsistent) }
    var lastCall: String { last.withLock { $0 } }

    private func enter(_ name: String) {
        calls.add(1, ordering: .sequentiallyConsistent)
        if inside.add(1, ordering: .sequentiallyConsistent).newValue > 1 { overlapCount.add(1, ordering: .sequentiallyConsistent) }
        for _ in 0..<50 { _ = inside.load(ordering: .relaxed) }
        last.withLock { $0 = name }
        inside.subtract(1, ordering: .sequentiallyConsistent)
    }

    func prepare() { enter("prepare") }
    func apply(_ frame: RumbleFrame) { enter("apply") }
    func stop() { enter("stop") }
    func close() { enter("close") }
}
