/// Which devices the evdev driver drives (and which one an `AxisReader`'s caller reads).
public enum DeviceSelection: Sendable, Hashable, CustomStringConvertible {
    /// The first rumble-capable gamepad (else any device that can vibrate); a pad plugged in
    /// later is picked up when none is open.
    case auto
    /// Every device that can vibrate, including those plugged in later.
    case all
    /// The node at this path, e.g. `/dev/input/event5`.
    case path(String)
    /// The first device whose name contains this text, ignoring case.
    case name(String)
    /// The device at this position in `DeviceDiscovery.devices()`' list, from 0.
    case index(Int)

    /// The selection in words: `auto`, `all`, the path, the name or the index.
    public var description: String {
        switch self {
        case .auto: "auto"
        case .all: "all"
        case .path(let path): path
        case .name(let name): name
        case .index(let index): String(index)
        }
    }

    /// Whether devices plugged in later join.
    var followsHotPlug: Bool {
        // A switch on the case, not `==`: the driver asks on every frame.
        switch self {
        case .auto, .all: true
        case .path, .name, .index: false
        }
    }

    /// The devices this selection picks from `devices` (as `DeviceDiscovery.devices()` lists
    /// them), in order: only those that can vibrate.
    public func pick(from devices: [EvdevDeviceInfo]) -> [EvdevDeviceInfo] {
        let usable = devices.filter(\.capabilities.canVibrate)
        switch self {
        case .auto:
            let pads = usable.filter(\.capabilities.isGamepad)
            return Array((pads.isEmpty ? usable : pads).prefix(1))
        case .all:
            return usable
        case .path(let path):
            return usable.filter { $0.node == path }
        case .name(let name):
            return Array(usable.filter { $0.name.lowercased().contains(name.lowercased()) }.prefix(1))
        case .index(let index):
            return usable.indices.contains(index) ? [usable[index]] : []
        }
    }
}
