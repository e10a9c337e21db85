public import HapticsEvdev

/// Finds the hidraw node that belongs to an evdev pad: the same HID device in sysfs.
public struct HidrawDiscovery: Sendable {
    /// Where sysfs is mounted.
    public let sysfs: String
    /// Where the device nodes are.
    public let devices: String

    /// Creates a discovery over `sysfs` and `devices` (other roots for tests).
    public init(sysfs: String = "/sys", devices: String = "/dev") {
        self.sysfs = sysfs
        self.devices = devices
    }

    /// The hidraw pad behind `device`, or `nil` when it has no hidraw node or is no pad the
    /// driver knows.
    public func pad(for device: EvdevDeviceInfo) -> HidrawPadInfo? {
        nil
    }
}
