/// A command line that cannot be run: what is wrong, and the command whose help says how to
/// write it.
package struct UsageError: Error, Equatable {
    /// What is wrong, e.g. "unknown option '--fast'".
    package var message: String
    /// The command concerned, as it is typed, e.g. `haptics play`.
    package var command: String

    /// A usage error saying `message` about `command`.
    package init(message: String, command: String) {
        self.message = message
        self.command = command
    }

    /// The line printed after the message: where the command's help is, as swift-argument-parser
    /// points there, rather than the whole help burying the message.
    package var hint: String { "See '\(command) --help'." }
}
