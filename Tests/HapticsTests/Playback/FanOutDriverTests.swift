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
}
