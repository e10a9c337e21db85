public import HapticsPlatform

/// An sd-bus call that failed: which operation, and the errno it returned.
public struct BusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done, e.g. "connecting to the session bus".
    public var operation: String
    /// The errno sd-bus returned.
    public var errno: Errno

    /// The operation of the error thrown when there is no session bus to connect to.
    package static let connectingToTheSessionBus = "connecting to the session bus"

    /// Creates an error from sd-bus's negative return value `result`.
    public init(_ operation: String, result: Int32) {
        self.operation = operation
        self.errno = Errno(-result)
    }

    /// One line: the operation and the system's word for the errno.
    public var description: String {
        "\(operation): \(errno)"
    }
}
