import Foundation
import HapticsEvdev
import HapticsModel
import Testing

@testable import HapticsHidraw

/// Discovery over a fake sysfs tree in a temporary directory, linked as the kernel links it:
/// `class/input/eventN` to the event directory under its input device, whose `device` link is
/// the HID device with its `hidraw` directory.
@Suite final class HidrawDiscoveryTests {
    private let root: URL
    private var sysfs: String { root.appendingPathComponent("sys").path }
    private var dev: String { root.appendingPathComponent("dev").path }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("hidraw-discovery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("dev"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("sys/class/input"), withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Adds a HID device `hid` (e.g. `0003:054C:0CE6.0001`) with input device `input` and event
    /// node `event`, and a hidraw node `hidraw` (none when `nil`).
    private func addDevice(hid: String, input: String, event: String, hidraw: String?, writable: Bool = true) throws {
        let files = FileManager.default
        let hidPath = "devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.3/\(hid)"
        let eventPath = "\(hidPath)/input/\(input)/\(event)"
        try files.createDirectory(atPath: "\(sysfs)/\(eventPath)", withIntermediateDirectories: true)
        // The event directory's `device` is its input device; the input device's `device` the HID device.
        try files.createSymbolicLink(atPath: "\(sysfs)/\(eventPath)/device", withDestinationPath: "../../\(input)")
        try files.createSymbolicLink(atPath: "\(sysfs)/\(hidPath)/input/\(input)/device", withDestinationPath: "../../../\(hid)")
        try files.createSymbolicLink(
            atPath: "\(sysfs)/class/input/\(event)", withDestinationPath: "../../\(eventPath)")
        if let hidraw {
            try files.createDirectory(atPath: "\(sysfs)/\(hidPath)/hidraw/\(hidraw)", withIntermediateDirectories: true)
            #expect(files.createFile(atPath: "\(dev)/\(hidraw)", contents: nil))
            try files.setAttributes([.posixPermissions: writable ? 0o600 : 0o400], ofItemAtPath: "\(dev)/\(hidraw)")
        }
    }

    private func device(_ node: String, vendor: UInt16, product: UInt16, bus: UInt16, name: String) -> EvdevDeviceInfo {
        EvdevDeviceInfo(
            node: node,
            capabilities: DeviceCapabilities(
                name: name, vendor: vendor, product: product, bus: bus, hasRumble: true, hasPeriodic: false, hasGain: false,
                isGamepad: true, effectSlots: 16),
            isWritable: true)
    }

    @Test func aDualSenseOverUSBFindsItsHidrawNode() throws {
        try addDevice(hid: "0003:054C:0CE6.0001", input: "input7", event: "event5", hidraw: "hidraw3")
        let discovery = HidrawDiscovery(sysfs: sysfs, devices: dev)
        let pad = try #require(
            discovery.pad(for: device("/dev/input/event5", vendor: 0x054C, product: 0x0CE6, bus: 3, name: "DualSense Wireless Controller")))
        #expect(pad.node == "\(dev)/hidraw3")
        #expect(pad.model == .dualSense)
        #expect(!pad.isBluetooth)
        #expect(pad.device.node == "/dev/input/event5")
    }

    @Test func aSwitchProOverBluetooth() throws {
        try addDevice(hid: "0005:057E:2009.0004", input: "input12", event: "event9", hidraw: "hidraw0")
        let pad = HidrawDiscovery(sysfs: sysfs, devices: dev).pad(
            for: device("/dev/input/event9", vendor: 0x057E, product: 0x2009, bus: 5, name: "Nintendo Switch Pro Controller"))
        #expect(pad?.model == .switchPro)
        #expect(pad?.isBluetooth == true)
        #expect(pad?.node == "\(dev)/hidraw0")
    }

    @Test func writableComesFromAccess() throws {
        // Root may write anything: skip where the mode cannot deny it.
        guard geteuid() != 0 else {
            print("skipped: running as root, access(2) grants every write")
            try addDevice(hid: "0005:045E:0B13.0002", input: "input3", event: "event2", hidraw: "hidraw1")
            let pad = HidrawDiscovery(sysfs: sysfs, devices: dev).pad(
                for: device("/dev/input/event2", vendor: 0x045E, product: 0x0B13, bus: 5, name: "Xbox Wireless Controller"))
            #expect(pad?.isWritable == true)
            return
        }
        try addDevice(hid: "0005:045E:0B13.0002", input: "input3", event: "event2", hidraw: "hidraw1", writable: false)
        let pad = HidrawDiscovery(sysfs: sysfs, devices: dev).pad(
            for: device("/dev/input/event2", vendor: 0x045E, product: 0x0B13, bus: 5, name: "Xbox Wireless Controller"))
        #expect(pad?.model == .xboxBluetooth)
        #expect(pad?.isWritable == false)
    }

    @Test func noHidrawNodeOrNoKnownPadFindsNothing() throws {
        try addDevice(hid: "0003:054C:0CE6.0003", input: "input4", event: "event4", hidraw: nil)
        try addDevice(hid: "0003:054C:09CC.0005", input: "input6", event: "event6", hidraw: "hidraw6")
        let discovery = HidrawDiscovery(sysfs: sysfs, devices: dev)
        #expect(discovery.pad(for: device("/dev/input/event4", vendor: 0x054C, product: 0x0CE6, bus: 3, name: "DualSense")) == nil)
        // A DualShock 4 has a node but no reports the driver knows.
        let dualShock = device("/dev/input/event6", vendor: 0x054C, product: 0x09CC, bus: 3, name: "Wireless Controller")
        #expect(discovery.node(for: dualShock) == "\(dev)/hidraw6")
        #expect(discovery.pad(for: dualShock) == nil)
        #expect(discovery.pad(for: device("/dev/input/event8", vendor: 0x054C, product: 0x0CE6, bus: 3, name: "DualSense")) == nil)
    }

    @Test func aLinkToTheEventNodeIsFollowed() throws {
        try addDevice(hid: "0003:054C:0CE6.0007", input: "input9", event: "event11", hidraw: "hidraw4")
        try FileManager.default.createDirectory(atPath: "\(dev)/input/by-id", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: "\(dev)/input/event11", contents: nil))
        try FileManager.default.createSymbolicLink(atPath: "\(dev)/input/by-id/usb-Sony-event-joystick", withDestinationPath: "../event11")
        let pad = HidrawDiscovery(sysfs: sysfs, devices: dev).pad(
            for: device("\(dev)/input/by-id/usb-Sony-event-joystick", vendor: 0x054C, product: 0x0CE6, bus: 3, name: "DualSense"))
        #expect(pad?.node == "\(dev)/hidraw4")
    }
}

/// Pads hidraw alone reaches: Valve's, found in sysfs by `HID_ID`.
@Suite struct HidrawOnlyPadsTests {
    /// The Deck's command interface opens with Usage Page 0xFFFF.
    private let vendorDescriptor: [UInt8] = [0x06, 0xFF, 0xFF, 0x09, 0x01]
    private let keyboardDescriptor: [UInt8] = [0x05, 0x01, 0x09, 0x06]

    private func uevent(_ id: String, _ name: String) -> [UInt8] {
        Array("DRIVER=hid-generic\nHID_ID=\(id)\nHID_NAME=\(name)\n".utf8)
    }

    @Test func theDecksCommandInterfaceIsListedAsSteamDeck() {
        let fake = FakeHidraw(files: [
            "/sys/class/hidraw/hidraw1/device/uevent": uevent("0003:000028DE:00001205", "Valve Software Steam Deck Controller"),
            "/sys/class/hidraw/hidraw1/device/report_descriptor": keyboardDescriptor,
            "/sys/class/hidraw/hidraw2/device/uevent": uevent("0003:000028DE:00001205", "Valve Software Steam Deck Controller"),
            "/sys/class/hidraw/hidraw2/device/report_descriptor": vendorDescriptor,
            "/sys/class/hidraw/hidraw3/device/uevent": uevent("0003:0000054C:00000CE6", "DualSense Wireless Controller"),
            "/sys/class/hidraw/hidraw3/device/report_descriptor": vendorDescriptor,
        ])
        let discovery = HidrawDiscovery(sysfs: "/sys", devices: "/dev", system: fake.system)
        let pads = discovery.hidrawOnlyPads()
        #expect(pads.map(\.node) == ["/dev/hidraw2"])
        #expect(pads.first?.name == "Steam Deck" && pads.first?.profile == .steamDeck)
        #expect(DeviceSelection.name("Steam Deck").pick(from: pads).map(\.node) == ["/dev/hidraw2"])
        #expect(pads.first.flatMap { discovery.pad(for: $0) }?.model == .steamDeck)
    }

    @Test func anyVendorDefinedPageCounts() {
        #expect(HidrawDiscovery.opensWithVendorPage([0x06, 0x00, 0xFF, 0x09, 0x01]))
        #expect(HidrawDiscovery.opensWithVendorPage([0x06, 0xFF, 0xFF, 0x09, 0x01]))
        #expect(!HidrawDiscovery.opensWithVendorPage([0x05, 0x01, 0x09, 0x02]))
        #expect(!HidrawDiscovery.opensWithVendorPage([0x06, 0x00]))
    }

    @Test func aMalformedIDIsNoPad() {
        #expect(HidrawDiscovery.hidID("HID_ID=0003:28DE\n") == nil)
        #expect(HidrawDiscovery.hidID("HID_ID=0003:000028DE:00001102")?.product == 0x1102)
    }
}
