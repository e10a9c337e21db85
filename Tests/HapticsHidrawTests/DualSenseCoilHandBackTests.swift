import Foundation
import HapticsEvdev
import Testing

@testable import HapticsHidraw

/// The hand-back written to a USB DualSense's node, in a fake sysfs tree where the event node
/// leads to the HID device's `hidraw3`, a plain file standing in for the node.
@Suite final class DualSenseCoilHandBackTests {
    private let root: URL
    private var sysfs: String { root.appendingPathComponent("sys").path }
    private var dev: String { root.appendingPathComponent("dev").path }
    private var node: String { "\(dev)/hidraw3" }
    private let pad = EvdevDeviceInfo(
        node: "/dev/input/event5",
        capabilities: DeviceCapabilities(
            name: "DualSense Wireless Controller", vendor: 0x054C, product: 0x0CE6, bus: 3, hasRumble: true, hasPeriodic: false,
            hasGain: false, isGamepad: true, effectSlots: 16),
        isWritable: true)

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("hand-back-\(UUID().uuidString)")
        let files = FileManager.default
        let hid = "devices/usb1/1-1/1-1:1.3/0003:054C:0CE6.0001"
        try files.createDirectory(atPath: "\(sysfs)/\(hid)/input/input7/event5", withIntermediateDirectories: true)
        try files.createDirectory(atPath: "\(sysfs)/\(hid)/hidraw/hidraw3", withIntermediateDirectories: true)
        try files.createDirectory(atPath: "\(sysfs)/class/input", withIntermediateDirectories: true)
        try files.createDirectory(atPath: dev, withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: "\(sysfs)/\(hid)/input/input7/event5/device", withDestinationPath: "../../input7")
        try files.createSymbolicLink(atPath: "\(sysfs)/\(hid)/input/input7/device", withDestinationPath: "../../../0003:054C:0CE6.0001")
        try files.createSymbolicLink(atPath: "\(sysfs)/class/input/event5", withDestinationPath: "../../\(hid)/input/input7/event5")
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    @Test func theReportIsTheUSBOutputReportWithNoValidBit() {
        #expect(DualSenseCoilHandBack.report.count == DualSenseOutputReport.usbLength)
        #expect(DualSenseCoilHandBack.report[0] == DualSenseOutputReport.usbID)
        #expect(DualSenseCoilHandBack.report.dropFirst().allSatisfy { $0 == 0 })
    }

    @Test func itIsWrittenToThePadsHidrawNode() throws {
        #expect(FileManager.default.createFile(atPath: node, contents: nil))
        try DualSenseCoilHandBack(discovery: HidrawDiscovery(sysfs: sysfs, devices: dev)).send(to: pad)
        #expect(FileManager.default.contents(atPath: node).map(Array.init) == DualSenseCoilHandBack.report)
    }

    @Test(.enabled(if: getuid() != 0, "root may write to any file"))
    func aNodeThisUserCannotWriteIsPermissionDenied() throws {
        #expect(FileManager.default.createFile(atPath: node, contents: nil, attributes: [.posixPermissions: 0o400]))
        #expect(throws: HidrawError.permissionDenied(node: node, name: pad.name)) {
            try DualSenseCoilHandBack(discovery: HidrawDiscovery(sysfs: sysfs, devices: dev)).send(to: pad)
        }
    }

    @Test func aPadWithoutANodeSaysSo() {
        #expect(throws: HidrawError.noHidrawNode(device: "/dev/input/event5", name: pad.name)) {
            try DualSenseCoilHandBack(discovery: HidrawDiscovery(sysfs: "\(sysfs)-missing", devices: dev)).send(to: pad)
        }
    }
}
