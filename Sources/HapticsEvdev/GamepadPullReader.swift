import CEvdev
import Dispatch
import Glibc

/// Reads a gamepad's analog trigger (else its left stick, pulled down) as a pull from 0 to 1,
/// for the pull-to-refresh demo: pull the trigger past the threshold and the pad rumbles.
///
/// Event-driven: a dispatch source wakes when the device has input; libevdev reads it. Dispatch
/// sources are thread-safe and libevdev is used only from the source's serial queue, hence
/// `@unchecked Sendable`.
public final class GamepadPullReader: @unchecked Sendable {
    /// The device read.
    public let device: EvdevDeviceInfo
    /// The axis read.
    public let axis: PullAxis
    /// Each change of the pull, 0...1. Ends when the device goes away or `close()` is called.
    public let pulls: AsyncStream<Double>

    private let source: any DispatchSourceRead
    private let continuation: AsyncStream<Double>.Continuation

    /// Opens the first device `selection` picks that has a trigger or stick (read access is
    /// enough).
    public convenience init(selection: DeviceSelection, directory: String = "/dev/input") throws(EvdevError) {
        try self.init(selection: selection, discovery: DeviceDiscovery(directory: directory, system: .live), system: .live)
    }

    init(selection: DeviceSelection, discovery: DeviceDiscovery, system: Syscalls) throws(EvdevError) {
        var lastError: EvdevError = .noDevice(selection: selection.description, directory: discovery.directory)
        for info in selection.pick(from: discovery.devices()) {
            let fd: Int32
            do {
                fd = try Errno.retryingOnInterrupt { () throws(Errno) in try system.open(info.node, O_RDONLY | O_NONBLOCK) }
            } catch {
                lastError = .system(operation: "opening for input", node: info.node, errno: error)
                continue
            }
            var handle: OpaquePointer?
            guard libevdev_new_from_fd(fd, &handle) == 0, let handle, let axis = Self.pullAxis(of: handle) else {
                if let handle { libevdev_free(handle) }
                system.close(fd)
                continue
            }
            self.device = info
            self.axis = axis
            (pulls, continuation) = AsyncStream.makeStream(of: Double.self, bufferingPolicy: .bufferingNewest(64))
            source = Self.reader(fd: fd, device: handle, axis: axis, continuation: continuation, system: system)
            return
        }
        throw lastError
    }

    deinit {
        close()
    }

    /// Stops reading and closes the device.
    public func close() {
        source.cancel()
    }

    private static func pullAxis(of device: OpaquePointer) -> PullAxis? {
        for candidate in PullAxis.preference where libevdev_has_event_code(device, UInt32(EV_ABS), UInt32(candidate.code)) == 1 {
            return PullAxis(code: UInt16(candidate.code),
                            minimum: libevdev_get_abs_minimum(device, UInt32(candidate.code)),
                            maximum: libevdev_get_abs_maximum(device, UInt32(candidate.code)),
                            isCentered: candidate.isCentered)
        }
        return nil
    }

    private static func reader(fd: Int32, device: OpaquePointer, axis: PullAxis,
                               continuation: AsyncStream<Double>.Continuation, system: Syscalls) -> any DispatchSourceRead {
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "haptics.evdev.pull"))
        source.setEventHandler {
            var event = input_event()
            var flags = UInt32(LIBEVDEV_READ_FLAG_NORMAL.rawValue)
            while true {
                let status = libevdev_next_event(device, flags, &event)
                if status == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                    flags = UInt32(LIBEVDEV_READ_FLAG_SYNC.rawValue)
                } else if status == -EAGAIN, flags != UInt32(LIBEVDEV_READ_FLAG_NORMAL.rawValue) {
                    flags = UInt32(LIBEVDEV_READ_FLAG_NORMAL.rawValue)
                    continue
                } else if status < 0 {
                    if status != -EAGAIN { source.cancel() }
                    return
                }
                if event.type == UInt16(EV_ABS), event.code == axis.code {
                    continuation.yield(axis.fraction(event.value))
                }
            }
        }
        source.setCancelHandler {
            continuation.finish()
            libevdev_free(device)
            system.close(fd)
        }
        source.resume()
        return source
    }
}
