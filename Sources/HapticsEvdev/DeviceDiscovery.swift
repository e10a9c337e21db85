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
    /// `isWritable` false. A node sysfs lists without force feedback is skipped unopened.
    public func devices() -> [EvdevDeviceInfo] {
        guard let names = try? system.listDirectory(directory) else { return [] }
        return names.compactMap(Self.eventNumber)
            .sorted()
            .filter { system.listsForceFeedback("event\($0)") != false }
            .compactMap { describe("\(directory)/event\($0)") }
            .filter(\.capabilities.canVibrate)
    }

    /// The devices `selection` picks (as `selection.pick(from: devices())` would). A path is
    /// described alone, wherever it is (a `/dev/input/by-id` link too): no other node is
    /// opened for it; `device(at:)` says why a path picks nothing.
    public func devices(selectedBy selection: DeviceSelection) -> [EvdevDeviceInfo] {
        guard case .path(let node) = selection else { return selection.pick(from: devices()) }
        return describe(node).map { selection.pick(from: [$0]) } ?? []
    }

    /// The device at `node` (an event node, or a link to one), which must be able to vibrate;
    /// read-only, it comes back with `isWritable` false.
    ///
    /// - Throws: why it cannot be driven: `cannotOpen` (no such file, say), `permissionDenied`
    ///   (not even readable), `notAnInputDevice`, `cannotVibrate`.
    public func device(at node: String) throws(EvdevError) -> EvdevDeviceInfo {
        let info = try inspect(node)
        guard info.capabilities.canVibrate else { throw .cannotVibrate(node: node, name: info.name) }
        return info
    }

    /// The description of one node, or `nil` when it cannot be opened or described.
    func describe(_ node: String) -> EvdevDeviceInfo? {
        try? inspect(node)
    }

    /// The description of one node, or why it cannot be opened or described.
    private func inspect(_ node: String) throws(EvdevError) -> EvdevDeviceInfo {
        var writable = true
        let fd: Int32
        do {
            fd = try system.open(node, .readWrite)
        } catch {
            guard error.meansPermissionDenied else { throw .cannotOpen(node: node, errno: error) }
            do {
                fd = try system.open(node, .readOnly)
            } catch {
                throw .permissionDenied(node: node)
            }
            writable = false
        }
        defer { system.closeDescribed(fd) }
        do {
            return EvdevDeviceInfo(node: node, capabilities: try system.describe(fd), isWritable: writable)
        } catch {
            throw error.meansWrongKindOfFile
                ? .notAnInputDevice(node: node) : .system(operation: "reading the capabilities", node: node, errno: error)
        }
    }

    /// `5` for `event5`; `nil` for other names.
    static func eventNumber(_ name: String) -> Int? {
        guard name.hasPrefix("event") else { return nil }
        return Int(name.dropFirst(5))
    }
}
