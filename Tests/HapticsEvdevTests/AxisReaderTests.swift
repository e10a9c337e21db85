import CEvdev
import Dispatch
import Glibc
import Haptics
import Synchronization
import Testing

@testable import HapticsEvdev

@Suite struct AxisReaderTests {
    /// A device's events behind the `Syscalls` seam: `nextEvent` waits for what the test
    /// pushes, as a read waiting for input does, until the descriptor is revoked.
    final class FakeEvents: Sendable {
        struct State {
            var pending: [input_event] = []
            var isRevoked = false
            var freed = 0
        }

        let state = Mutex(State())
        private let arrival = DispatchSemaphore(value: 0)
        /// Whether the descriptor was revoked.
        var isRevoked: Bool { state.withLock(\.isRevoked) }
        /// How many times the libevdev device was freed.
        var freed: Int { state.withLock(\.freed) }

        func push(type: Int32, code: Int32, value: Int32) {
            var event = input_event()
            event.type = UInt16(type)
            event.code = UInt16(code)
            event.value = value
            state.withLock { $0.pending.append(event) }
            arrival.signal()
        }

        func system(on base: FakeInputSystem) -> Syscalls {
            var system = base.syscalls
            system.openEvents = { _ throws(Errno) in OpaquePointer(bitPattern: 0x1000)! }
            system.absoluteAxes = { _ in [AbsoluteAxis(code: 0x05, minimum: 0, maximum: 255)] }
            system.nextEvent = { _, _ throws(Errno) in
                while true {
                    let next = self.state.withLock { state -> Result<input_event, Errno>? in
                        if state.isRevoked { return .failure(Errno(ENODEV)) }
                        return state.pending.isEmpty ? nil : .success(state.pending.removeFirst())
                    }
                    switch next {
                    case .success(let event): return .event(event)
                    case .failure(let error): throw error
                    case nil: self.arrival.wait()
                    }
                }
            }
            system.freeEvents = { _ in self.state.withLock { $0.freed += 1 } }
            system.revoke = { _ throws(Errno) in
                self.state.withLock { $0.isRevoked = true }
                self.arrival.signal()
            }
            return system
        }
    }

    private static let node = "/dev/input/event7"

    private func open(_ events: FakeEvents) throws -> (AxisReader, FakeInputSystem) {
        let base = FakeInputSystem([Self.node: FakeInputSystem.pad("Pad")])
        let info = EvdevDeviceInfo(node: Self.node, capabilities: FakeInputSystem.pad("Pad"), isWritable: false)
        return (try AxisReader(device: info, system: events.system(on: base)), base)
    }

    /// Waits up to two seconds for `condition`.
    private func eventually(_ condition: () -> Bool) async throws -> Bool {
        for _ in 0..<200 {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    /// The name of the calling thread.
    private static func threadName() -> String {
        let file = Glibc.open("/proc/thread-self/comm", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return "" }
        defer { Glibc.close(file) }
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        return String(decoding: bytes.prefix(max(count, 0)).filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    @Test func eachMotionReachesTheHandlerInOrderOnTheReadersOwnThread() async throws {
        let events = FakeEvents()
        let (reader, base) = try open(events)
        #expect(reader.axes == [AbsoluteAxis(code: 0x05, minimum: 0, maximum: 255)])
        #expect(base.calls == [.open(Self.node)])
        let received = Mutex<[(AxisMotion, String)]>([])
        reader.start { motion in received.withLock { $0.append((motion, Self.threadName())) } }
        events.push(type: EV_ABS, code: 0x05, value: 100)
        events.push(type: EV_SYN, code: SYN_REPORT, value: 0)
        events.push(type: EV_KEY, code: 0x130, value: 1)
        events.push(type: EV_ABS, code: 0x05, value: 200)
        #expect(try await eventually { received.withLock { $0.count } == 2 })
        #expect(received.withLock { $0.map(\.0) } == [AxisMotion(code: 0x05, value: 100), AxisMotion(code: 0x05, value: 200)])
        // Where /proc is mounted, threads have names.
        if !Self.threadName().isEmpty {
            #expect(received.withLock { $0.map(\.1) } == [AxisReader.threadName, AxisReader.threadName])
        }
        reader.close()
        #expect(try await eventually { events.freed == 1 && base.calls.last == .close(Self.node) })
        #expect(events.isRevoked)
    }

    @Test func closedBeforeItStartsItFreesAtOnceAndNeverReads() throws {
        let events = FakeEvents()
        let (reader, base) = try open(events)
        reader.close()
        #expect(events.freed == 1)
        #expect(base.calls == [.open(Self.node), .close(Self.node)])
        reader.start { _ in Issue.record("a closed reader read") }
        reader.close()
        #expect(events.freed == 1)
        #expect(!events.isRevoked)
    }

    @Test func aDeviceThatGoesAwayEndsTheReadingAndCloseRevokesNothing() async throws {
        let events = FakeEvents()
        let (reader, base) = try open(events)
        reader.start { _ in }
        events.state.withLock { $0.isRevoked = true }
        events.push(type: EV_SYN, code: SYN_REPORT, value: 0)
        #expect(try await eventually { base.calls.last == .close(Self.node) })
        events.state.withLock { $0.isRevoked = false }
        reader.close()
        #expect(!events.isRevoked, "close revoked a descriptor already closed")
        #expect(events.freed == 1)
    }
}
