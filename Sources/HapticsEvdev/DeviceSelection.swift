/// Which devices the evdev driver drives (`--device`).
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
    /// The device at this position in `haptics devices`' list, from 0.
    case index(Int)

    /// Reads `--device`'s value: `auto`, `all`, a path, an index, or a name.
    public init(_ text: String) {
        switch text {
        case "auto": self = .auto
        case "all": self = .all
        case _ where text.hasPrefix("/"): self = .path(text)
        case _ where Int(text) != nil: self = .index(Int(text) ?? 0)
        default: self = .name(text)
        }
    }

    /// The selection as it was written.
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

    /// The devices this selection picks from the discovered ones, in order.
    func pick(from devices: [EvdevDeviceInfo]) -> [EvdevDeviceInfo] {
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
