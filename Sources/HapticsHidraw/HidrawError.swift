public import HapticsEvdev
public import HapticsModel
public import HapticsPlatform

/// Why the hidraw driver cannot play on a pad: the facts, for the caller to word.
public enum HidrawError: Error, Sendable, Equatable, DeviceAbsence {
    /// No pad hidraw drives matches the selection.
    case noPad(selection: DeviceSelection)
    /// The pad is not one whose reports the driver knows.
    case unsupportedPad(name: String, profile: String)
    /// The pad's HID device has no hidraw node.
    case noHidrawNode(device: String, name: String)
    /// This user may not write to the pad's hidraw node.
    case permissionDenied(node: String, name: String)
    /// The node cannot be opened for another reason.
    case cannotOpen(node: String, errno: Errno)
    /// A report could not be written.
    case writeFailed(node: String, errno: Errno)
    /// The pad has no part at `locality`; `available` lists where it can play.
    case localityUnavailable(locality: Locality, name: String, available: [Locality])
    /// A trigger effect holds a value that is not a number.
    case invalidTriggerEffect(TriggerEffect)
    /// The pad has no adaptive triggers.
    case noAdaptiveTriggers(name: String)

    /// Whether no pad is there yet.
    public var meansNoDeviceYet: Bool {
        if case .noPad = self { return true }
        return false
    }
}
