import HapticsPlatform

/// One open evdev device as its output sees it: the device, its descriptor, and the system
/// calls that reach it.
struct EvdevNode: Sendable {
    /// The device.
    let info: EvdevDeviceInfo
    /// Its open event node.
    let fd: Int32
    /// The calls.
    let system: Syscalls

    /// The driver's error for `error`, met while `operation` (e.g. `playing`) on this device:
    /// no free effect slot, no permission, the device gone, or the system error.
    func failure(_ error: Errno, operation: String) -> EvdevError {
        switch error {
        case _ where error.meansNoSpace: .noFreeEffectSlot(node: info.node, name: info.name, slots: info.capabilities.effectSlots)
        case _ where error.meansAccessDenied: .permissionDenied(node: info.node)
        case _ where error.meansDeviceGone: .deviceGone(node: info.node, name: info.name)
        default: .system(operation: operation, node: info.node, errno: error)
        }
    }
}
