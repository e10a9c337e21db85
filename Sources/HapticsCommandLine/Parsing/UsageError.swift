/// A command line that cannot be run: what is wrong, and the usage of the command concerned.
package struct UsageError: Error, Equatable {
    /// What is wrong, e.g. "unknown option '--fast'".
    package var message: String
    /// The usage text of the command, printed after the message.
    package var usage: String

    /// A usage error saying `message`, followed by `usage`.
    package init(message: String, usage: String) {
        self.message = message
        self.usage = usage
    }
}
