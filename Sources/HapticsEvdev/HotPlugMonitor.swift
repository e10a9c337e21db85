public import HapticsPlatform

/// Hot-plug for an event loop of your own: inotify on the input directory, reporting
/// `eventN` nodes appearing (or having their permissions changed by udev) and disappearing
/// (or, with a filter of your own, the nodes of another directory that it accepts: sound
/// cards in `/dev/snd`, `hidrawN` in `/dev`). Poll `fileDescriptor` for input, then take
/// `changes()`. The monitor owns the descriptor.
public final class HotPlugMonitor: Sendable {
    /// The inotify descriptor to poll (non-blocking).
    public let fileDescriptor: Int32
    /// The directory watched.
    public let directory: String
    private let accepts: @Sendable (String) -> Bool
    private let system: Syscalls

    /// Watches `directory` (default `/dev/input`) for the nodes whose names `accepts` takes
    /// (default the event nodes, `eventN`); wraps `inotify_init1` and `inotify_add_watch`.
    public convenience init(directory: String = "/dev/input", accepts: @escaping @Sendable (String) -> Bool = isEventNode)
        throws(Errno)
    {
        try self.init(directory: directory, accepts: accepts, system: .live)
    }

    init(directory: String, accepts: @escaping @Sendable (String) -> Bool = isEventNode, system: Syscalls) throws(Errno) {
        self.fileDescriptor = try system.watchDirectory(directory)
        self.directory = directory
        self.accepts = accepts
        self.system = system
    }

    /// Whether `name` is an evdev event node's (`eventN`): the nodes watched by default.
    @Sendable public static func isEventNode(_ name: String) -> Bool {
        DeviceDiscovery.eventNumber(name) != nil
    }

    deinit {
        system.close(fileDescriptor)
    }

    /// Every change pending, in order; empty when there is none. Wraps `read`.
    public func changes() -> [DeviceChange] {
        var changes: [DeviceChange] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 8)
        defer { buffer.deallocate() }
        while let count = system.readPending(fileDescriptor, into: buffer), count > 0 {
            changes += Self.parse(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), directory: directory, accepts: accepts)
        }
        return changes
    }

    /// The changes in a buffer of `struct inotify_event` records, of the names `accepts` takes.
    static func parse(
        _ bytes: UnsafeRawBufferPointer, directory: String, accepts: (String) -> Bool = isEventNode
    ) -> [DeviceChange] {
        var changes: [DeviceChange] = []
        var offset = 0
        let header = 16
        while offset + header <= bytes.count {
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameBytes = bytes[(offset + header)..<min(offset + header + length, bytes.count)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += header + length
            guard accepts(name) else { continue }
            let node = "\(directory)/\(name)"
            if mask & Syscalls.WatchMask.deleted != 0 {
                changes.append(.disappeared(node))
            } else if mask & (Syscalls.WatchMask.created | Syscalls.WatchMask.attributesChanged) != 0 {
                changes.append(.appeared(node))
            }
        }
        return changes
    }
}
