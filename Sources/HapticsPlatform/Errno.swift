import Glibc

/// A failed system call's error number, kept as the kernel gave it: the one errno type of the
/// package. Errors that wrap it keep the operation next to it.
public struct Errno: Error, Sendable, Hashable, CustomStringConvertible {
    /// The raw value, e.g. `EACCES`.
    public let code: Int32

    /// Wraps an error number.
    public init(_ code: Int32) {
        self.code = code
    }

    /// The calling thread's current `errno`.
    package static var current: Errno { Errno(errno) }

    /// The system's message, e.g. "Permission denied". Wraps `strerror`.
    public var description: String { String(cString: strerror(code)) }

    /// `EINTR`: a signal arrived mid-call; the call may simply be made again.
    @usableFromInline package var isInterruption: Bool { code == EINTR }

    /// `EAGAIN`: a non-blocking call has nothing to do now.
    package var meansTryAgain: Bool { code == EAGAIN || code == EWOULDBLOCK }

    /// `EACCES` or `EPERM`: this user may not do that.
    package var meansAccessDenied: Bool { code == EACCES || code == EPERM }

    /// `EACCES`, `EPERM` or `EROFS`: this user may not open the file that way.
    package var meansPermissionDenied: Bool { meansAccessDenied || code == EROFS }

    /// `ENOSPC`: no room left (a device's effect slots, a disk).
    package var meansNoSpace: Bool { code == ENOSPC }

    /// `ENODEV`, `ENOENT` or `ENXIO`: the device is gone (unplugged or removed).
    package var meansDeviceGone: Bool { code == ENODEV || code == ENOENT || code == ENXIO }

    /// Whether the error means the file is no device that understands the request (`ENOTTY`,
    /// `EINVAL`): an ioctl on a file of another kind.
    package var meansWrongKindOfFile: Bool { code == ENOTTY || code == EINVAL }

    /// `EIO`: what a short write of a fixed-size record is reported as.
    package static var inputOutput: Errno { Errno(EIO) }

    /// `EISDIR`: a directory where a file was expected.
    package static var isDirectory: Errno { Errno(EISDIR) }

    /// Runs `body` again for as long as it fails with `EINTR`: the one place in the package
    /// that retries an interrupted call (as swift-system's `valueOrErrno(retryOnInterrupt:)`).
    /// Inlinable, so that the driver modules' per-frame calls specialise it rather than go
    /// through it as an unspecialised generic.
    @inlinable package static func retryingOnInterrupt<Value>(_ body: () throws(Errno) -> Value) throws(Errno) -> Value {
        while true {
            do {
                return try body()
            } catch  where error.isInterruption {
                continue
            }
        }
    }

    /// The result of a C call that reports failure as a negative value with `errno` set,
    /// made again while it is interrupted.
    package static func value<Value: BinaryInteger>(retryingOnInterrupt call: () -> Value) throws(Errno) -> Value {
        try retryingOnInterrupt { () throws(Errno) in
            let value = call()
            guard value >= 0 else { throw .current }
            return value
        }
    }
}
