import Glibc

/// The process exit statuses, as sysexits(3) and swift-argument-parser use them, and the
/// shell's 128 + N after signal N.
public enum ExitCode: Int32, Sendable, CaseIterable {
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
    /// Stopped by SIGINT (Ctrl-C): 128 + 2.
    case interrupted = 130
    /// Stopped by SIGTERM: 128 + 15.
    case terminated = 143

    /// The status after `signal`: `interrupted` for SIGINT, `terminated` for SIGTERM, `nil`
    /// for any other number.
    public init?(signal: Int32) {
        switch signal {
        case SIGINT: self = .interrupted
        case SIGTERM: self = .terminated
        default: return nil
        }
    }
}
