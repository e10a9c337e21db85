import CEvdev
import HapticsPlatform
import Synchronization

/// Reads the absolute axes (sticks, triggers, wheels) of one input device as they move. Read
/// access to the node is enough.
///
/// Once started, a thread of its own waits in `read` for the device's input, as a plain C
/// reader does, and hands each motion to the handler right there, as libevdev reads it
/// (resynchronising when the kernel dropped events): nothing stands between the device and the
/// handler, so what the handler does first happens first. `close()` revokes the descriptor
/// (`EVIOCREVOKE`), which ends the thread's wait.
public final class AxisReader: Sendable {
    /// What the reader holds.
    private enum State {
        /// Open, not reading yet: the libevdev device, which `close()` frees.
        case opened(EventReader)
        /// Read by the thread, which frees the device when its read fails.
        case reading
        /// Closed, or no longer read: the device is gone.
        case ended
    }

    /// A libevdev device on its descriptor, used by one thread at a time: the opener, then
    /// the reading thread (hence `@unchecked Sendable`).
    private struct EventReader: @unchecked Sendable {
        let handle: OpaquePointer
        let fd: Int32
    }

    /// The state, shared with the reading thread, which must not keep the reader alive.
    private final class SharedState: Sendable {
        let value: Mutex<State>

        init(_ state: State) {
            value = Mutex(state)
        }
    }

    /// The name of the reading thread.
    static let threadName = "haptics-axes"

    /// The device read.
    public let device: EvdevDeviceInfo
    /// Its absolute axes, by code.
    public let axes: [AbsoluteAxis]

    private let system: Syscalls
    private let fd: Int32
    private let state: SharedState

    /// Opens `device` for input, without reading yet. Wraps `open` (read-only, reads waiting
    /// for input) and `libevdev_new_from_fd`.
    public convenience init(device: EvdevDeviceInfo) throws(EvdevError) {
        try self.init(device: device, system: .live)
    }

    init(device: EvdevDeviceInfo, system: Syscalls) throws(EvdevError) {
        let fd: Int32
        let handle: OpaquePointer
        do {
            fd = try system.open(device.node, .waitingForInput)
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
        self.system = system
        self.fd = fd
        axes = system.absoluteAxes(handle)
        state = SharedState(.opened(EventReader(handle: handle, fd: fd)))
    }

    deinit {
        close()
    }

    /// Starts reading: each motion of an axis is handed to `handler`, in order, on the reader's
    /// thread, until the device goes away or `close()` is called. Does nothing once started
    /// or closed.
    public func start(_ handler: @escaping @Sendable (AxisMotion) -> Void) {
        let opened = state.value.withLock { state -> EventReader? in
            guard case .opened(let reader) = state else { return nil }
            state = .reading
            return reader
        }
        guard let opened else { return }
        let system = system
        startDetachedThread(named: Self.threadName) { [state] in
            _ = system.readEvents(opened.handle) { event in
                if event.type == Syscalls.absoluteAxisEvent { handler(AxisMotion(code: event.code, value: event.value)) }
            }
            // Marked before the descriptor is closed, so that `close()` never revokes a number
            // the system has given to another file since.
            state.value.withLock { $0 = .ended }
            system.freeEvents(opened.handle)
            system.close(opened.fd)
        }
    }

    /// Stops reading and closes the device: at once when it was never started; otherwise the
    /// descriptor is revoked, and the thread closes it once its read has returned (a motion
    /// being handed over meanwhile is its last).
    public func close() {
        let unread = state.value.withLock { state -> EventReader? in
            defer { state = .ended }
            switch state {
            case .opened(let opened):
                return opened
            case .reading:
                try? system.revoke(fd)
                return nil
            case .ended:
                return nil
            }
        }
        if let unread {
            system.freeEvents(unread.handle)
            system.close(unread.fd)
        }
    }
}
