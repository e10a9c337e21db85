import Haptics
import HapticsTesting
import Synchronization
import Testing

@Suite struct FanOutDriverTests {
    /// A driver that fails every call but `close` with its own error, and counts them.
    private final class FailingDriver: HapticDriver {
        struct Failure: Error, Equatable { let name: String }
        let name: String
        let count = Mutex(0)
        init(_ name: String) { self.name = name }
        func prepare() throws { try fail() }
        func apply(_ frame: RumbleFrame) throws { try fail() }
        func stop() throws { try fail() }
        func close() { count.withLock { $0 += 1 } }
        private func fail() throws {
            count.withLock { $0 += 1 }
            throw Failure(name: name)
        }
    }

    private let frame = RumbleFrame(start: .milliseconds(10), duration: .milliseconds(40), strong: 0.5, weak: 0.25)

    @Test func everyDriverGetsEveryCallInOrder() throws {
        let first = RecordingDriver()
        let second = RecordingDriver()
        let fanOut = FanOutDriver([first, second])
        try fanOut.prepare()
        try fanOut.apply(frame)
        try fanOut.stop()
        fanOut.close()
        #expect(first.entries == [.prepare, .apply(frame), .stop, .close])
        #expect(second.entries == first.entries)
    }

    @Test func aFailureReachesEveryDriverAndTheFirstIsThrown() {
        let early = FailingDriver("early")
        let recorder = RecordingDriver()
        let late = FailingDriver("late")
        let fanOut = FanOutDriver([early, recorder, late])
        #expect(throws: FailingDriver.Failure(name: "early")) { try fanOut.prepare() }
        #expect(throws: FailingDriver.Failure(name: "early")) { try fanOut.apply(frame) }
        #expect(throws: FailingDriver.Failure(name: "early")) { try fanOut.stop() }
        fanOut.close()
        #expect(recorder.entries == [.prepare, .apply(frame), .stop, .close])
        #expect(late.count.withLock { $0 } == 4)
    }

    /// A driver with no device yet: every call but `close` throws `Absent`.
    private struct AbsentDriver: HapticDriver {
        struct Absent: DeviceAbsence, Equatable { var meansNoDeviceYet: Bool { true } }
        func prepare() throws { throw Absent() }
        func apply(_ frame: RumbleFrame) throws { throw Absent() }
        func stop() throws { throw Absent() }
        func close() {}
    }

    @Test func aDriverWithNoDeviceYetWaitsWhileTheOthersPlay() throws {
        let recorder = RecordingDriver()
        let fanOut = FanOutDriver([recorder, AbsentDriver()])
        #expect(throws: AbsentDriver.Absent()) { try fanOut.prepare() }
        try fanOut.apply(frame)
        try fanOut.stop()
        #expect(recorder.entries == [.prepare, .apply(frame), .stop])
        #expect(throws: AbsentDriver.Absent()) { try FanOutDriver([AbsentDriver(), AbsentDriver()]).apply(frame) }
        #expect(throws: FailingDriver.Failure(name: "broken")) {
            try FanOutDriver([AbsentDriver(), recorder, FailingDriver("broken")]).apply(frame)
        }
    }

    @Test func aPlaybackOnAFanOutWithAMemberThatHasNoDeviceYetPlaysToItsEnd() async throws {
        let recorder = RecordingDriver()
        let clock = ManualClock()
        let engine = HapticEngine(driver: FanOutDriver([recorder, AbsentDriver()]), clock: clock)
        let handle = engine.play(.notification(.success))
        let track = engine.track(for: .notification(.success))
        await clock.advance(by: track.duration + .milliseconds(100))
        let outcome = await handle.finished()
        guard case .completed? = outcome else {
            Issue.record("ended \(String(describing: outcome))")
            return
        }
        #expect(recorder.frames.filter { !$0.isSilent }.count == track.frames.filter { !$0.isSilent }.count)
    }
}
