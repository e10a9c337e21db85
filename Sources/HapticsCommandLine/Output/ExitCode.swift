/// The process exit statuses, as sysexits(3) and swift-argument-parser use them.
public enum ExitCode: Int32, Sendable {
    /// Everything worked.
    case success = 0
    /// A run-time failure, such as a device that could not be driven.
    case failure = 1
    /// The command line was wrong (`EX_USAGE`).
    case usage = 64
    /// An input file was wrong (`EX_DATAERR`).
    case dataError = 65
    /// A service the command needs is taken or absent, e.g. a bus name another process owns
    /// (`EX_UNAVAILABLE`).
    case unavailable = 69
}
