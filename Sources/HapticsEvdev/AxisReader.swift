import CEvdev
import Dispatch

/// Reads the absolute axes (sticks, triggers, wheels) of one input device as they move. Read
/// access to the node is enough.
///
/// Event-driven: a dispatch source wakes when the device has input, and libevdev reads it
/// (resynchronising when the kernel dropped events). Dispatch sources are thread-safe and
/// libevdev is used only from the source's serial queue, hence `@unchecked Sendable`.
public final class AxisReader: @unchecked Sendable {
    /// The device read.
    public let device: EvdevDeviceInfo
    /// Its absolute axes, by code.
    public let axes: [AbsoluteAxis]
    /// Each motion of an axis, in order. Ends when the device goes away or `close()` is called.
    public let motions: AsyncStream<AxisMotion>

    private let source: any DispatchSourceRead

    /// Opens `device` for input. Wraps `open` (read-only) and `libevdev_new_from_fd`.
    public convenience init(device: EvdevDeviceInfo) throws(EvdevError) {
        try self.init(device: device, system: .live)
    }

    init(device: EvdevDeviceInfo, system: Syscalls) throws(EvdevError) {
        let fd: Int32
        let handle: OpaquePointer
        do {
            fd = try system.open(device.node, .readOnly)
        } catch {
            throw .system(operation: "opening for input", node: device.node, errno: error)
        }
        do {
            handle = try system.openEvents(fd)
        } catch {
            system.close(fd)
            throw .system(operation: "reading input", node: device.node, errno: error)
        }
        self.device = device
        axes = system.absoluteAxes(handle)
        let (motions, continuation) = AsyncStream.makeStream(of: AxisMotion.self, bufferingPolicy: .bufferingNewest(64))
        self.motions = motions
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "haptics.evdev.axes"))
        source.setEventHandler {
            let (events, isReadable) = system.pendingEvents(handle)
            for event in events where event.type == Syscalls.absoluteAxisEvent {
                continuation.yield(AxisMotion(code: event.code, value: event.value))
            }
            if !isReadable { source.cancel() }
        }
        source.setCancelHandler {
            continuation.finish()
            system.freeEvents(handle)
            system.close(fd)
        }
        self.source = source
        source.resume()
    }

    deinit {
        close()
    }

    /// Stops reading and closes the device.
    public func close() {
        source.cancel()
    }
}
