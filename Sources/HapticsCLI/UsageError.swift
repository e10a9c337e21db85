/// A command line that cannot be run: what is wrong, and the usage of the command concerned.
struct UsageError: Error, Equatable {
    /// What is wrong, e.g. "unknown option '--fast'".
    var message: String
    /// The usage text of the command, printed after the message.
    var usage: String
}
