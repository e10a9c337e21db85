import Glibc

/// A failed system call's error number, kept as the kernel gave it.
public struct Errno: Error, Sendable, Hashable, CustomStringConvertible {
    /// The raw value, e.g. `EACCES`.
    public let code: Int32

    /// Wraps an error number.
    public init(_ code: Int32) {
        self.code = code
    }

    /// The calling thread's current `errno`.
    static var current: Errno { Errno(errno) }

    /// The system's message, e.g. "Permission denied".
    public var description: String { String(cString: strerror(code)) }

    /// Whether the device is gone (unplugged or removed).
    var meansDeviceGone: Bool { code == ENODEV || code == ENOENT || code == ENXIO }

    /// Runs `body` again for as long as it fails with `EINTR` (a signal arrived mid-call).
    static func retryingOnInterrupt<Value>(_ body: () throws(Errno) -> Value) throws(Errno) -> Value {
        while true {
            do {
                return try body()
            } catch where error.code == EINTR {
                continue
            }
        }
    }
}
