import HapticsModel

/// Finds the input devices that can vibrate, by opening each `eventN` node and asking it.
public struct DeviceDiscovery: Sendable {
    /// Where the nodes live; `/dev/input` on every Linux system.
    public let directory: String
    let system: Syscalls

    /// Discovery in `directory`.
    public init(directory: String = "/dev/input") {
        self.init(directory: directory, system: .live)
    }

    init(directory: String, system: Syscalls) {
        self.directory = directory
        self.system = system
    }

    /// Every device that can vibrate, in node order (`event2` before `event10`). Nodes that
    /// cannot be opened at all are skipped; nodes readable but not writable are listed with
    /// `isWritable` false.
    public func devices() -> [EvdevDeviceInfo] {
        guard let names = try? system.listDirectory(directory) else { return [] }
        return names.compactMap(Self.eventNumber)
            .sorted()
            .compactMap { describe("\(directory)/event\($0)") }
            .filter(\.capabilities.canVibrate)
    }

    /// The devices `selection` picks (as `selection.pick(from: devices())` would). A path is
    /// described alone, wherever it is (a `/dev/input/by-id` link too): no other node is
    /// opened for it.
    public func devices(selectedBy selection: DeviceSelection) -> [EvdevDeviceInfo] {
        guard case .path(let node) = selection else { return selection.pick(from: devices()) }
        return describe(node).map { selection.pick(from: [$0]) } ?? []
    }

    /// The description of one node, or `nil` when it cannot be opened or described.
    func describe(_ node: String) -> EvdevDeviceInfo? {
        var writable = true
        let fd: Int32
        do {
            fd = try system.open(node, .readWrite)
        } catch {
            guard error.meansPermissionDenied, let readOnly = try? system.open(node, .readOnly)
            else { return nil }
            writable = false
            fd = readOnly
        }
        defer { system.close(fd) }
        guard let capabilities = try? system.describe(fd) else { return nil }
        return EvdevDeviceInfo(node: node, capabilities: capabilities, isWritable: writable)
    }

    /// `5` for `event5`; `nil` for other names.
    static func eventNumber(_ name: String) -> Int? {
        guard name.hasPrefix("event") else { return nil }
        return Int(name.dropFirst(5))
    }
}
