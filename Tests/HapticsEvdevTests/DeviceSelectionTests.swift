@testable import HapticsEvdev
import Testing

@Suite struct DeviceSelectionTests {
    private let devices = [
        EvdevDeviceInfo(node: "/dev/input/event1", capabilities: FakeInputSystem.pad("Phone Vibrator", gamepad: false), isWritable: true),
        EvdevDeviceInfo(node: "/dev/input/event3", capabilities: FakeInputSystem.pad("Xbox Wireless Controller"), isWritable: true),
        EvdevDeviceInfo(node: "/dev/input/event4", capabilities: FakeInputSystem.pad("DualSense"), isWritable: true),
    ]

    @Test(arguments: [
        ("auto", ["/dev/input/event3"]),
        ("all", ["/dev/input/event1", "/dev/input/event3", "/dev/input/event4"]),
        ("/dev/input/event4", ["/dev/input/event4"]),
        ("/dev/input/event9", []),
        ("2", ["/dev/input/event4"]),
        ("5", []),
        ("xbox", ["/dev/input/event3"]),
        ("steam", []),
    ])
    func picksDevices(_ text: String, _ nodes: [String]) {
        #expect(DeviceSelection(text).pick(from: devices).map(\.node) == nodes)
        #expect(DeviceSelection(text).description == text)
    }
}
