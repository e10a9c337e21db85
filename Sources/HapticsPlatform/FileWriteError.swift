/// A file that could not be written: the call that failed and its errno.
package struct FileWriteError: Error, Sendable {
    /// The call, e.g. `open` or `write`.
    package var operation: String
    /// Its errno.
    package var errno: Errno
    /// The system's message for it, e.g. "Permission denied".
    package var message: String { errno.description }
}
