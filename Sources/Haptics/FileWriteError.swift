import Glibc

/// A file that could not be written: the errno of the call that failed.
package struct FileWriteError: Error, Sendable {
    /// The errno.
    package var errno: Int32
    /// The system's message for it, e.g. "Permission denied".
    package var message: String { String(cString: strerror(errno)) }
}
