import HapticsEvdev
import HapticsHidraw
import HapticsModel
import Testing

@testable import HapticsDaemon

/// Where the `…At` methods play each locality, pad by pad and path by path.
@Suite struct LocalityRouteTests {
    private static func pad(
        _ name: String, node: String, bus: UInt16 = 3, hidraw model: HidrawPadModel? = nil, writable: Bool = true,
        soundCard: Bool = false
    ) -> LocalityRoute.Pad {
        let capabilities = DeviceCapabilities(
            name: name, vendor: 0, product: 0, bus: bus, hasRumble: true, hasPeriodic: false, hasGain: false, isGamepad: true,
            effectSlots: 16)
        let device = EvdevDeviceInfo(node: node, capabilities: capabilities, isWritable: true)
        let hidraw = model.map {
            HidrawPadInfo(
                device: device, node: node.replacingOccurrences(of: "input/event", with: "hidraw"), isWritable: writable, model: $0,
                isBluetooth: bus == 5)
        }
        return LocalityRoute.Pad(device: device, hidraw: hidraw, hasSoundCard: soundCard)
    }

    private static let dualSense = pad("DualSense Wireless Controller", node: "/dev/input/event1", hidraw: .dualSense)
    private static let lockedDualSense = pad(
        "DualSense Wireless Controller", node: "/dev/input/event1", hidraw: .dualSense, writable: false)
    private static let switchPro = pad("Nintendo Switch Pro Controller", node: "/dev/input/event2", hidraw: .switchPro)
    private static let xbox = pad("Xbox Wireless Controller", node: "/dev/input/event3", bus: 5, hidraw: .xboxBluetooth)
    private static let generic = pad("Some Rumble Pad", node: "/dev/input/event4")

    private func outputs(_ locality: Locality, _ paths: [LocalityRoute.Path], _ pads: [LocalityRoute.Pad]) -> Result<
        [LocalityRoute.Output], LocalityRoute.Refusal
    > {
        Result { () throws(LocalityRoute.Refusal) in try LocalityRoute.outputs(for: locality, paths: paths, pads: pads) }
    }

    @Test func autoPlaysADualSensesHandlesThroughEvdevAndItsTriggersThroughHidraw() throws {
        let pads = [Self.dualSense]
        #expect(
            try outputs(.all, [.auto], pads).get() == [
                .hidraw(node: "/dev/input/event1", locality: .triggers), .evdev(nodes: ["/dev/input/event1"], parts: PadPart.handles),
            ])
        #expect(try outputs(.rightTrigger, [.auto], pads).get() == [.hidraw(node: "/dev/input/event1", locality: .rightTrigger)])
        #expect(try outputs(.leftHandle, [.auto], pads).get() == [.evdev(nodes: ["/dev/input/event1"], parts: [.leftHandle])])
    }

    @Test func autoPlaysAUSBDualSensesHandlesOnItsVoiceCoilsThroughItsSoundCard() throws {
        let pads = [Self.pad("DualSense Wireless Controller", node: "/dev/input/event1", hidraw: .dualSense, soundCard: true)]
        #expect(
            try outputs(.all, [.auto], pads).get() == [
                .hidraw(node: "/dev/input/event1", locality: .triggers), .audio(node: "/dev/input/event1", locality: .handles, auto: true),
            ])
        #expect(try outputs(.leftHandle, [.auto], pads).get() == [.audio(node: "/dev/input/event1", locality: .leftHandle, auto: true)])
        #expect(try outputs(.handles, [.audio], pads).get() == [.audio(node: "/dev/input/event1", locality: .handles, auto: false)])
        #expect(
            outputs(.triggers, [.audio], pads) == .failure(.unavailable(.triggers, available: [.all, .handles, .leftHandle, .rightHandle])))
        #expect(outputs(.handles, [.audio], [Self.dualSense]) == .failure(.unavailable(.handles, available: [])))
    }

    @Test func withoutWriteAccessAutoKeepsEvdevAndRefusesOnlyWhatHidrawAloneReaches() throws {
        let pads = [Self.lockedDualSense]
        #expect(try outputs(.all, [.auto], pads).get() == [.evdev(nodes: ["/dev/input/event1"], parts: PadPart.handles)])
        #expect(
            outputs(.triggers, [.auto], pads)
                == .failure(.permissionDenied(.triggers, node: "/dev/hidraw1", name: "DualSense Wireless Controller")))
        #expect(
            outputs(.triggers, [.hidraw], pads)
                == .failure(.permissionDenied(.triggers, node: "/dev/hidraw1", name: "DualSense Wireless Controller")))
    }

    @Test func autoPlaysTheSwitchProsHandlesAsHDRumbleAndTheXboxsTriggersWithAllFourMotors() throws {
        #expect(try outputs(.leftHandle, [.auto], [Self.switchPro]).get() == [.hidraw(node: "/dev/input/event2", locality: .leftHandle)])
        #expect(try outputs(.all, [.auto], [Self.switchPro]).get() == [.hidraw(node: "/dev/input/event2", locality: .handles)])
        #expect(try outputs(.handles, [.auto], [Self.xbox]).get() == [.evdev(nodes: ["/dev/input/event3"], parts: PadPart.handles)])
        #expect(try outputs(.all, [.auto], [Self.xbox]).get() == [.hidraw(node: "/dev/input/event3", locality: .all)])
        #expect(try outputs(.leftTrigger, [.auto], [Self.xbox]).get() == [.hidraw(node: "/dev/input/event3", locality: .leftTrigger)])
    }

    @Test func aLocalityNoPadHasIsRefusedNamingTheOnesTheyHave() throws {
        #expect(
            outputs(.rightTrigger, [.evdev], [Self.dualSense])
                == .failure(.unavailable(.rightTrigger, available: [.all, .handles, .leftHandle, .rightHandle])))
        #expect(outputs(.leftHandle, [.auto], [Self.generic]) == .failure(.unavailable(.leftHandle, available: [.all, .handles])))
        #expect(
            outputs(.leftTrigger, [.auto], [Self.switchPro])
                == .failure(.unavailable(.leftTrigger, available: [.all, .handles, .leftHandle, .rightHandle])))
        #expect(outputs(.handles, [.evdev], []) == .failure(.noPad(.handles)))
    }

    @Test func padsOfTheSameHandlesShareOneEvdevOutputAndLinesPlayEveryLocality() throws {
        #expect(
            try outputs(.handles, [.evdev], [Self.dualSense, Self.generic]).get() == [
                .evdev(nodes: ["/dev/input/event1", "/dev/input/event4"], parts: PadPart.handles)
            ])
        for locality in Locality.allCases {
            #expect(try outputs(locality, [.lines(.json)], []).get() == [.lines(.json, locality: locality)])
        }
        #expect(LocalityRoute.available(paths: [.hidraw], pads: [Self.switchPro]) == [.all, .handles, .leftHandle, .rightHandle])
    }
}
