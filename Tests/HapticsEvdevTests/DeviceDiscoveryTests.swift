import Glibc
import Haptics
import Synchronization
import Testing

@testable import HapticsEvdev

@Suite struct DeviceDiscoveryTests {
    @Test func listsVibratingEventNodesInNumericOrder() {
        let system = FakeInputSystem([
            "/dev/input/event10": FakeInputSystem.pad("Ten"),
            "/dev/input/event2": FakeInputSystem.pad("Two"),
            "/dev/input/event4": FakeInputSystem.pad("Keyboard", rumble: false, slots: 0),
        ])
        let devices = DeviceDiscovery(directory: "/dev/input", system: system.syscalls).devices()
        #expect(devices.map(\.node) == ["/dev/input/event2", "/dev/input/event10"])
        #expect(devices.allSatisfy { $0.isWritable })
    }

    @Test func nodesSysfsListsWithoutForceFeedbackAreNotOpened() {
        let system = FakeInputSystem([
            "/dev/input/event2": FakeInputSystem.pad("Two"),
            "/dev/input/event3": FakeInputSystem.pad("Keyboard", rumble: false, slots: 0),
            "/dev/input/event4": FakeInputSystem.pad("Unknown to sysfs"),
        ])
        var syscalls = system.syscalls
        syscalls.listsForceFeedback = { name in ["event2": true, "event3": false][name] }
        let devices = DeviceDiscovery(directory: "/dev/input", system: syscalls).devices()
        #expect(devices.map(\.node) == ["/dev/input/event2", "/dev/input/event4"])
        #expect(!system.calls.contains(.open("/dev/input/event3")))
    }

    @Test func describedNodesAreClosedInTheBackgroundWhereTheSystemOffersIt() {
        let system = FakeInputSystem(["/dev/input/event2": FakeInputSystem.pad("Two")])
        let closed = Mutex<[Int32]>([])
        var syscalls = system.syscalls
        syscalls.closeInBackground = { fd in closed.withLock { $0.append(fd) } }
        #expect(DeviceDiscovery(directory: "/dev/input", system: syscalls).devices().map(\.name) == ["Two"])
        #expect(closed.withLock { $0.count } == 1)
        #expect(!system.calls.contains(.close("/dev/input/event2")))
    }

    @Test func listsAReadOnlyNodeAndSaysRumbleNeedsWriteAccess() throws {
        let system = FakeInputSystem(["/dev/input/event5": FakeInputSystem.pad("Pad")])
        system.state.withLock { $0.readOnly = ["/dev/input/event5"] }
        let device = try #require(DeviceDiscovery(directory: "/dev/input", system: system.syscalls).devices().first)
        #expect(!device.isWritable)
        #expect(device.summary.hasSuffix(", read-only"))
    }

    @Test func aPathSelectionOpensThatNodeAlone() {
        let system = FakeInputSystem([
            "/dev/input/event2": FakeInputSystem.pad("Two"),
            "/dev/input/event5": FakeInputSystem.pad("Five"),
            "/dev/input/by-id/usb-Pad-event-joystick": FakeInputSystem.pad("Linked"),
        ])
        let discovery = DeviceDiscovery(directory: "/dev/input", system: system.syscalls)
        #expect(discovery.devices(selectedBy: .path("/dev/input/event5")).map(\.name) == ["Five"])
        #expect(system.calls == [.open("/dev/input/event5"), .close("/dev/input/event5")])
        let linked = discovery.devices(selectedBy: .path("/dev/input/by-id/usb-Pad-event-joystick"))
        #expect(linked.map(\.node) == ["/dev/input/by-id/usb-Pad-event-joystick"])
        #expect(discovery.devices(selectedBy: .path("/dev/input/event9")).isEmpty)
        #expect(discovery.devices(selectedBy: .name("two")).map(\.node) == ["/dev/input/event2"])
    }

    @Test func aPathToADeviceThatCannotVibrateSelectsNothing() {
        let system = FakeInputSystem(["/dev/input/event4": FakeInputSystem.pad("Keyboard", rumble: false, slots: 0)])
        let discovery = DeviceDiscovery(directory: "/dev/input", system: system.syscalls)
        #expect(discovery.devices(selectedBy: .path("/dev/input/event4")).isEmpty)
    }

    @Test func aNamedPathSaysWhyItCannotBeDriven() {
        let system = FakeInputSystem([
            "/dev/input/event4": FakeInputSystem.pad("Keyboard", rumble: false, slots: 0),
            "/dev/input/event5": FakeInputSystem.pad("Pad"),
            "/dev/input/event6": FakeInputSystem.pad("Locked"),
        ])
        system.state.withLock {
            $0.plainFiles = ["/dev/null"]
            $0.readOnly = ["/dev/input/event6"]
            $0.openFailures = ["/dev/input/event7": EACCES]
        }
        let driver = { (node: String) in
            EvdevDriver(selection: .path(node), directory: "/dev/input", system: system.syscalls, watchesHotPlug: false) { _ in }
        }
        #expect(throws: EvdevError.cannotOpen(node: "/dev/input/by-id/usb-Typo", errno: Errno(ENOENT))) {
            try driver("/dev/input/by-id/usb-Typo").prepare()
        }
        #expect(throws: EvdevError.notAnInputDevice(node: "/dev/null")) { try driver("/dev/null").prepare() }
        #expect(throws: EvdevError.cannotVibrate(node: "/dev/input/event4", name: "Keyboard")) { try driver("/dev/input/event4").prepare() }
        #expect(throws: EvdevError.permissionDenied(node: "/dev/input/event6")) { try driver("/dev/input/event6").prepare() }
        #expect(throws: EvdevError.permissionDenied(node: "/dev/input/event7")) { try driver("/dev/input/event7").prepare() }
        #expect(throws: Never.self) { try driver("/dev/input/event5").prepare() }
        #expect("\(EvdevError.notAnInputDevice(node: "/dev/null"))" == "/dev/null is not an input device")
    }

    @Test func describesADeviceForPeopleAndAsJSON() {
        let info = EvdevDeviceInfo(node: "/dev/input/event5", capabilities: FakeInputSystem.pad("Dual\"Sense"), isWritable: true)
        #expect(info.summary == "/dev/input/event5  Dual\"Sense  [054c:0ce6 usb]  rumble, 16 slots, FF_GAIN, profile dualsense")
        #expect(
            info.json
                == #"{"node":"/dev/input/event5","name":"Dual\"Sense","vendor":"054c","product":"0ce6","bus":"usb","kind":"rumble","rumble":true,"periodic":true,"gain":true,"slots":16,"gamepad":true,"haptic":false,"pressurepad":false,"writable":true,"profile":"dualsense"}"#
        )
    }
}
