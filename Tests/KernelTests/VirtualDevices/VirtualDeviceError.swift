/// Why a virtual device (or a child process) could not be set up.
public struct VirtualDeviceError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
