import CHidrawGuardian
import Dispatch
import Glibc
import HapticsPlatform

/// Every system call of the hidraw code, and its clock and timer, in one place (as the evdev
/// module's `Syscalls`), so tests can record each report written, inject each failure and
/// run time by hand.
///
/// The stored calls make one attempt each and report failure by throwing the `Errno`; the
/// methods below them retry `EINTR`.
struct HidrawSystem: Sendable {
    /// `open(2)` for reading and writing, close-on-exec: a file descriptor.
    var open: @Sendable (_ path: String) throws(Errno) -> Int32
    /// `write(2)` of one report (or one guardian message).
    var write: @Sendable (_ fd: Int32, _ bytes: [UInt8]) throws(Errno) -> Void
    /// `ioctl(2)` `HIDIOCSFEATURE` of one FEATURE report (its first byte the report number).
    var setFeature: @Sendable (_ fd: Int32, _ bytes: [UInt8]) throws(Errno) -> Void
    /// `close(2)`.
    var close: @Sendable (_ fd: Int32) -> Void
    /// Waits up to `timeout` for an input report (`poll(2)`, then `read(2)` of up to
    /// `longestInputReport` bytes): its bytes, none when none came in time.
    var readReport: @Sendable (_ fd: Int32, _ timeout: Duration) throws(Errno) -> [UInt8]
    /// `access(2)` with `W_OK`: whether this user may write to the path.
    var canWrite: @Sendable (_ path: String) -> Bool
    /// The names in a directory, `.` and `..` left out.
    var listDirectory: @Sendable (_ path: String) throws(Errno) -> [String]
    /// The bytes of a small file (a sysfs attribute), or `nil`.
    var readBytes: @Sendable (_ path: String) -> [UInt8]?
    /// `realpath(3)`: the path with every link resolved, or `nil`.
    var resolve: @Sendable (_ path: String) -> String?
    /// Forks a guardian holding `fd`: its pid and the write end of its control pipe.
    var spawnGuardian: @Sendable (_ fd: Int32) throws(Errno) -> (pid: Int32, control: Int32)
    /// Waits for a child to exit (`waitpid`).
    var reap: @Sendable (_ pid: Int32) -> Void
    /// The monotonic clock's time.
    var now: @Sendable () -> Duration
    /// Runs `work` on another thread after `delay`.
    var schedule: @Sendable (_ delay: Duration, _ work: @escaping @Sendable () -> Void) -> Void
    /// Blocks the calling thread for `delay` (only `close` waits, for the Xbox's last report).
    var sleep: @Sendable (_ delay: Duration) -> Void

    /// Writes `bytes` in one call, retrying `EINTR`.
    func send(_ fd: Int32, _ bytes: [UInt8]) throws(Errno) {
        try Errno.retryingOnInterrupt { () throws(Errno) in try write(fd, bytes) }
    }

    /// Sends `bytes` as an output report (`write`) or a FEATURE report (`HIDIOCSFEATURE`),
    /// retrying `EINTR`.
    func send(_ fd: Int32, _ bytes: [UInt8], asFeature: Bool) throws(Errno) {
        guard asFeature else { return try send(fd, bytes) }
        try Errno.retryingOnInterrupt { () throws(Errno) in try setFeature(fd, bytes) }
    }

    /// Opens `path`, retrying `EINTR`.
    func openNode(_ path: String) throws(Errno) -> Int32 {
        try Errno.retryingOnInterrupt { () throws(Errno) in try open(path) }
    }

    /// The longest input report read whole: room for a DualSense's 78 bytes over Bluetooth
    /// (hidraw cuts a report longer than the read).
    static let longestInputReport = 256

    /// The real calls.
    static let live = HidrawSystem(
        open: { path throws(Errno) in
            let fd = Glibc.open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { throw .current }
            return fd
        },
        write: { fd, bytes throws(Errno) in
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            guard written == bytes.count else { throw written < 0 ? .current : Errno(EIO) }
        },
        setFeature: { fd, bytes throws(Errno) in
            let sent = bytes.withUnsafeBytes { hidraw_set_feature(fd, $0.baseAddress, $0.count) }
            guard sent == bytes.count else { throw sent < 0 ? .current : Errno(EIO) }
        },
        close: { fd in _ = Glibc.close(fd) },
        readReport: { fd, timeout throws(Errno) in
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
            let ready = poll(&descriptor, 1, milliseconds)
            guard ready > 0 else {
                if ready < 0 && errno != EINTR { throw .current }
                return []
            }
            var buffer = [UInt8](repeating: 0, count: longestInputReport)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard count >= 0 else {
                if errno == EAGAIN || errno == EINTR { return [] }
                throw .current
            }
            // A hidraw node returns 0 bytes once its device is gone.
            guard count > 0 else { throw Errno(ENODEV) }
            return Array(buffer.prefix(count))
        },
        canWrite: { path in access(path, W_OK) == 0 },
        listDirectory: { path throws(Errno) in try DirectoryReader.names(in: path) },
        readBytes: { path in try? FileReader.bytes(atPath: path, limit: 4096) },
        resolve: { path in
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        },
        spawnGuardian: { fd throws(Errno) in
            var control: Int32 = -1
            let pid = hidraw_guardian_spawn(fd, &control)
            guard pid > 0 else { throw .current }
            return (pid, control)
        },
        reap: { pid in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        },
        now: {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
        },
        schedule: { delay, work in
            let nanoseconds = max(0, delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds)), execute: work)
        },
        sleep: { delay in
            guard delay > .zero else { return }
            var request = timespec(
                tv_sec: Int(delay.components.seconds), tv_nsec: Int(delay.components.attoseconds / 1_000_000_000))
            var remaining = timespec()
            while nanosleep(&request, &remaining) < 0 && errno == EINTR { request = remaining }
        }
    )
}
