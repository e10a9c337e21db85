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

    /// The pads hidraw alone reaches, listed as devices whose node is the hidraw node: Valve's
    /// (the Steam Deck on Debian 6.1, where hid-generic binds it and no evdev node has force
    /// feedback; on 7.3, hid-steam's client node). Each is found in
    /// `/sys/class/hidraw/hidrawN/device/uevent` by its `HID_ID` (bus, vendor, product) and
    /// named by `HID_NAME` ("Steam Deck" for the Deck); of a pad's several interfaces only the
    /// one whose report descriptor opens with a vendor-defined usage page (the controller's
    /// command interface) is listed. Each is listed as a gamepad that rumbles with one effect
    /// slot (what hidraw plays on it), so a `DeviceSelection` picks it.
    public func hidrawOnlyPads() -> [EvdevDeviceInfo] {
        let names = (try? system.listDirectory("\(sysfs)/class/hidraw")) ?? []
        return names.filter { $0.hasPrefix("hidraw") }.sorted().compactMap { name in
            let device = "\(sysfs)/class/hidraw/\(name)/device"
            guard let bytes = system.readBytes("\(device)/uevent") else { return nil }
            let uevent = String(decoding: bytes, as: UTF8.self)
            guard let id = Self.hidID(uevent) else { return nil }
            let profile = PadProfile.matching(vendor: id.vendor, product: id.product, bus: id.bus, name: "")
            guard profile.hasHapticTrackpads, Self.opensWithVendorPage(system.readBytes("\(device)/report_descriptor")) else {
                return nil
            }
            let title = profile == .steamDeck ? profile.title : Self.value("HID_NAME", in: uevent) ?? profile.title
            let node = "\(devices)/\(name)"
            return EvdevDeviceInfo(
                node: node,
                capabilities: DeviceCapabilities(
                    name: title, vendor: id.vendor, product: id.product, bus: id.bus, hasRumble: true, hasPeriodic: false,
                    hasGain: false, isGamepad: true, effectSlots: 1),
                isWritable: system.canWrite(node))
        }
    }

    /// The bus, vendor and product of a `HID_ID=0003:000028DE:00001205` line.
    static func hidID(_ uevent: String) -> (bus: UInt16, vendor: UInt16, product: UInt16)? {
        guard let value = value("HID_ID", in: uevent) else { return nil }
        let fields = value.split(separator: ":").compactMap { UInt32($0, radix: 16) }
        guard fields.count == 3 else { return nil }
        return (UInt16(truncatingIfNeeded: fields[0]), UInt16(truncatingIfNeeded: fields[1]), UInt16(truncatingIfNeeded: fields[2]))
    }

    /// Whether a report descriptor opens with a vendor-defined Usage Page, 0xFF00...0xFFFF
    /// (`06 xx FF`: the Deck's command interface says 0xFFFF); `true` where it cannot be read.
    static func opensWithVendorPage(_ descriptor: [UInt8]?) -> Bool {
        descriptor.map { $0.count >= 3 && $0[0] == 0x06 && $0[2] == 0xFF } ?? true
    }

    /// The value of `key=` in a uevent file.
    static func value(_ key: String, in uevent: String) -> String? {
        uevent.split(separator: "\n").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
    }

    /// The hidraw node of the HID device behind an event node (or the node itself for a pad
    /// hidraw alone reaches), or `nil`.
    public func node(for device: EvdevDeviceInfo) -> String? {
        if device.node.hasPrefix("\(devices)/hidraw") { return device.node }
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
