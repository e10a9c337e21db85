import HapticsEvdev
import Testing

@testable import HapticsRouting

@Suite struct DeviceSelectionOptionTests {
    private static func pad(_ name: String, gamepad: Bool = true) -> DeviceCapabilities {
        DeviceCapabilities(
            name: name, vendor: 0x054c, product: 0x0ce6, bus: 3, hasRumble: true, hasPeriodic: true,
            hasGain: true, isGamepad: gamepad, effectSlots: 16)
    }

    private let devices = [
        EvdevDeviceInfo(node: "/dev/input/event1", capabilities: pad("Phone Vibrator", gamepad: false), isWritable: true),
        EvdevDeviceInfo(node: "/dev/input/event3", capabilities: pad("Xbox Wireless Controller"), isWritable: true),
        EvdevDeviceInfo(node: "/dev/input/event4", capabilities: pad("DualSense"), isWritable: true),
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
        #expect(DeviceSelection(option: text).pick(from: devices).map(\.node) == nodes)
        #expect(DeviceSelection(option: text).description == text)
    }
}
