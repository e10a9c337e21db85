public import HapticsEvdev
import HapticsModel

/// Finds the hidraw node that belongs to an evdev pad: the same HID device in sysfs.
///
/// `/sys/class/input/eventN/device` is the event node's input device; that one's `device`
/// link is its HID device (e.g. `0003:054C:0CE6.0001`), whose `hidraw` directory names the
/// node (`hidraw3`, so `/dev/hidraw3`). The pad's model comes from its profile
/// (`HidrawPadModel(profile:)`), Bluetooth from its bus (`BUS_BLUETOOTH`, 5), and whether it
/// is writable from `access(2)`.
public struct HidrawDiscovery: Sendable {
    /// Where sysfs is mounted.
    public let sysfs: String
    /// Where the device nodes are.
    public let devices: String
    let system: HidrawSystem

    /// `BUS_BLUETOOTH`.
    static let bluetoothBus: UInt16 = 5

    /// Creates a discovery over `sysfs` and `devices` (other roots for tests).
    public init(sysfs: String = "/sys", devices: String = "/dev") {
        self.init(sysfs: sysfs, devices: devices, system: .live)
    }

    init(sysfs: String, devices: String, system: HidrawSystem) {
        self.sysfs = sysfs
        self.devices = devices
        self.system = system
    }

    /// The hidraw pad behind `device`, or `nil` when it has no hidraw node or is no pad the
    /// driver knows.
    public func pad(for device: EvdevDeviceInfo) -> HidrawPadInfo? {
        guard let model = HidrawPadModel(profile: device.profile), let node = node(for: device) else { return nil }
        return HidrawPadInfo(
            device: device, node: node, isWritable: system.canWrite(node), model: model,
            isBluetooth: device.capabilities.bus == Self.bluetoothBus)
    }

    /// The hidraw node of the HID device behind an event node, or `nil`.
    public func node(for device: EvdevDeviceInfo) -> String? {
        guard let event = eventName(device.node),
            let names = try? system.listDirectory("\(sysfs)/class/input/\(event)/device/device/hidraw"),
            let hidraw = names.filter({ $0.hasPrefix("hidraw") }).sorted().first
        else { return nil }
        return "\(devices)/\(hidraw)"
    }

    /// `event5` for `/dev/input/event5` or a link to it.
    private func eventName(_ node: String) -> String? {
        let last = { (path: String) in path.split(separator: "/").last.map(String.init) }
        if let name = last(node), name.hasPrefix("event") { return name }
        return system.resolve(node).flatMap(last).flatMap { $0.hasPrefix("event") ? $0 : nil }
    }
}
