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
    /// The pad has a rumble motor in each trigger, not adaptive triggers: it plays the
    /// vibration modes (`TriggerMotorEffect.modes`), not the resistance the effect asks for.
    case triggerMotorsOnly(name: String)

    /// Whether no pad is there yet.
    public var meansNoDeviceYet: Bool {
        if case .noPad = self { return true }
        return false
    }
}

extension HidrawError: CustomStringConvertible {
    /// The facts in one line, e.g. `/dev/hidraw3 (DualSense Wireless Controller): permission
    /// denied`; the command line adds the advice.
    public var description: String {
        switch self {
        case .noPad(let selection): "no pad the hidraw driver drives matches \(selection)"
        case .unsupportedPad(let name, let profile): "\(name) (profile \(profile)) is no pad the hidraw driver writes reports for"
        case .noHidrawNode(let device, let name): "\(device) (\(name)) has no hidraw node"
        case .permissionDenied(let node, let name): "\(node) (\(name)): permission denied"
        case .cannotOpen(let node, let errno): "\(node) cannot be opened: \(errno)"
        case .writeFailed(let node, let errno): "writing a report to \(node) failed: \(errno)"
        case .localityUnavailable(let locality, let name, let available):
            "\(name) has no \(locality.rawValue); it can play at \(available.map(\.rawValue).joined(separator: ", "))"
        case .invalidTriggerEffect(let effect): "the trigger effect \(effect) holds a value that is not a number"
        case .noAdaptiveTriggers(let name): "\(name.isEmpty ? "the pad" : name) has no adaptive triggers"
        case .triggerMotorsOnly(let name):
            "\(name.isEmpty ? "the pad" : name) has trigger motors, not adaptive triggers: it plays "
                + TriggerMotorEffect.modes.filter { $0 != .off }.map(\.rawValue).joined(separator: " and ") + " on them"
        }
    }
}
