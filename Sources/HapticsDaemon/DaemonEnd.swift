/// How serving the bus ended, for the command to turn into an exit status; what went wrong
/// on the bus is a `BusError` instead.
package enum DaemonEnd: Sendable, Hashable {
    /// SIGTERM, systemd's stop: the motors stopped, a normal end.
    case terminated
    /// SIGINT (Ctrl-C): the motors stopped.
    case interrupted
    /// Another process took the name (its `--replace`).
    case nameLost
    /// Another process owns the name, and this one could not take it (said on the log).
    case nameTaken
}
