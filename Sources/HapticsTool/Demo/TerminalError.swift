import HapticsCommandLine
import HapticsModel
import HapticsPlatform

/// A terminal call that failed while taking over or giving back the terminal.
struct TerminalError: Error, CustomStringConvertible {
    /// The call, e.g. `tcgetattr`.
    let operation: String
    /// The `errno` it set.
    let errno: Errno

    /// E.g. "cannot use the terminal: tcgetattr: Inappropriate ioctl for device".
    var description: String {
        "cannot use the terminal: \(operation): \(errno)"
    }
}
