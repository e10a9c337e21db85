public import HapticsEvdev

/// A pad the hidraw driver can reach: its evdev device and the hidraw node of the same HID
/// device.
public struct HidrawPadInfo: Sendable, Hashable {
    /// The pad's evdev device, as `DeviceDiscovery` lists it.
    public var device: EvdevDeviceInfo
    /// The hidraw node, e.g. `/dev/hidraw3`.
    public var node: String
    /// Whether this user may write to the hidraw node.
    public var isWritable: Bool
    /// Which reports the pad takes.
    public var model: HidrawPadModel
    /// Whether the pad is connected over Bluetooth (its reports differ from USB's).
    public var isBluetooth: Bool

    /// Creates a description of a pad.
    public init(device: EvdevDeviceInfo, node: String, isWritable: Bool, model: HidrawPadModel, isBluetooth: Bool) {
        self.device = device
        self.node = node
        self.isWritable = isWritable
        self.model = model
        self.isBluetooth = isBluetooth
    }
}
