import CEvdev
import Haptics
@testable import HapticsEvdev
import Synchronization
import Testing

/// Hot-plug handed to the driver by an event loop of the caller's (`watchesHotPlug: false`).
@Suite struct EvdevDriverTests {
    private final class Notices: Sendable {
        let lines = Mutex<[String]>([])
        let deviceCounts = Mutex<[Int]>([])
    }

    @Test func aPadPluggedInJoinsAndAnUnpluggedOneLeaves() throws {
        let system = FakeInputSystem(["/dev/input/event2": FakeInputSystem.pad("First")])
        let notices = Notices()
        let holder = Mutex<EvdevDriver?>(nil)
        let driver = EvdevDriver(selection: .all, directory: "/dev/input", system: system.syscalls, watchesHotPlug: false) { line in
            notices.lines.withLock { $0.append(line) }
            // A notice comes after the driver's lock is released: asking the driver is safe.
            let count = holder.withLock { $0 }?.devices.count ?? -1
            notices.deviceCounts.withLock { $0.append(count) }
        }
        holder.withLock { $0 = driver }
        try driver.prepare()
        #expect(driver.devices.map(\.node) == ["/dev/input/event2"])
        system.state.withLock { $0.devices["/dev/input/event5"] = FakeInputSystem.pad("Second") }
        driver.handle(.appeared("/dev/input/event5"))
        #expect(driver.devices.map(\.node) == ["/dev/input/event2", "/dev/input/event5"])
        driver.handle(.disappeared("/dev/input/event2"))
        #expect(driver.devices.map(\.node) == ["/dev/input/event5"])
        #expect(notices.lines.withLock { $0 } == [
            "/dev/input/event5 (Second) plugged in: it will rumble too",
            "/dev/input/event2 (First) was unplugged; dropped it",
        ])
        #expect(notices.deviceCounts.withLock { $0 } == [2, 1])
        try driver.apply(RumbleFrame(start: .zero, duration: .milliseconds(40), strong: 1, weak: 1))
        #expect(system.calls.contains(.upload("/dev/input/event5", id: 0, type: UInt16(FF_RUMBLE), strong: 0xFFFF, weak: 0xFFFF, length: 90)))
        holder.withLock { $0 = nil }
    }

    @Test func aFixedSelectionTakesNoNewPad() throws {
        let system = FakeInputSystem(["/dev/input/event2": FakeInputSystem.pad("First")])
        let driver = EvdevDriver(selection: .path("/dev/input/event2"), directory: "/dev/input", system: system.syscalls, watchesHotPlug: false) { _ in }
        try driver.prepare()
        system.state.withLock { $0.devices["/dev/input/event5"] = FakeInputSystem.pad("Second") }
        driver.handle(.appeared("/dev/input/event5"))
        #expect(driver.devices.map(\.node) == ["/dev/input/event2"])
    }
}
