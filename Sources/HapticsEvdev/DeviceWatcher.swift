import Dispatch
import Glibc

/// Watches `/dev/input` through inotify and reports `eventN` nodes appearing (or having
/// their permissions changed by udev) and disappearing. Event-driven: it sleeps in the kernel
/// until something changes, with no polling loop. Dispatch sources are thread-safe, hence
/// `@unchecked Sendable`: the only state is the source and the descriptor it owns.
final class DeviceWatcher: @unchecked Sendable {
    /// A change of one node.
    enum Change: Sendable, Equatable {
        /// The node was created, or its attributes changed (udev granting access).
        case appeared(String)
        /// The node was removed.
        case disappeared(String)
    }

    private let source: any DispatchSourceRead

    /// Starts watching `directory`; `onChange` runs on a background queue for each change.
    init(directory: String, system: Syscalls, onChange: @escaping @Sendable (Change) -> Void) throws(Errno) {
        let fd = try system.watchDirectory(directory)
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "haptics.evdev.hotplug"))
        source.setEventHandler {
            for change in Self.drain(fd, directory: directory, system: system) { onChange(change) }
        }
        source.setCancelHandler { system.close(fd) }
        self.source = source
        source.resume()
    }

    /// Stops watching and closes the inotify descriptor.
    func cancel() {
        source.cancel()
    }

    /// Reads every pending inotify record.
    private static func drain(_ fd: Int32, directory: String, system: Syscalls) -> [Change] {
        var changes: [Change] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 8)
        defer { buffer.deallocate() }
        while let count = try? Errno.retryingOnInterrupt({ () throws(Errno) in try system.read(fd, buffer) }), count > 0 {
            changes += parse(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), directory: directory)
        }
        return changes
    }

    /// The changes in a buffer of `struct inotify_event` records.
    static func parse(_ bytes: UnsafeRawBufferPointer, directory: String) -> [Change] {
        var changes: [Change] = []
        var offset = 0
        let header = 16
        while offset + header <= bytes.count {
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameBytes = bytes[(offset + header)..<min(offset + header + length, bytes.count)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += header + length
            guard DeviceDiscovery.eventNumber(name) != nil else { continue }
            let node = "\(directory)/\(name)"
            if mask & UInt32(IN_DELETE) != 0 {
                changes.append(.disappeared(node))
            } else if mask & UInt32(IN_CREATE | IN_ATTRIB) != 0 {
                changes.append(.appeared(node))
            }
        }
        return changes
    }
}
