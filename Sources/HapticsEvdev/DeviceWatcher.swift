import Dispatch
import HapticsModel
import HapticsPlatform

/// A `HotPlugMonitor` driven by a Dispatch source: event-driven (it sleeps in the kernel until
/// something changes, with no polling loop), `onChange` running on a background queue.
/// Dispatch sources are thread-safe, hence `@unchecked Sendable`.
final class DeviceWatcher: @unchecked Sendable {
    private let source: any DispatchSourceRead

    /// Starts watching `directory`; `onChange` runs on a background queue for each change.
    init(directory: String, system: Syscalls, onChange: @escaping @Sendable (DeviceChange) -> Void) throws(Errno) {
        let monitor = try HotPlugMonitor(directory: directory, system: system)
        let source = DispatchSource.makeReadSource(
            fileDescriptor: monitor.fileDescriptor, queue: DispatchQueue(label: "haptics.evdev.hotplug"))
        source.setEventHandler {
            for change in monitor.changes() { onChange(change) }
        }
        // The handler keeps the monitor (and its descriptor) until the source is cancelled.
        source.setCancelHandler { withExtendedLifetime(monitor) {} }
        self.source = source
        source.resume()
    }

    /// Stops watching and closes the inotify descriptor.
    func cancel() {
        source.cancel()
    }
}
