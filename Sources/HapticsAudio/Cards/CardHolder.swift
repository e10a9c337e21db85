/// A process that holds a card's playback PCM open, e.g. PipeWire.
public struct CardHolder: Sendable, Equatable {
    /// Its process id.
    public let pid: Int
    /// Its command name (`/proc/PID/comm`), e.g. `pipewire`, or empty when unknown.
    public let command: String

    /// Creates a holder.
    public init(pid: Int, command: String) {
        self.pid = pid
        self.command = command
    }
}

extension CardHolder: CustomStringConvertible {
    /// `pipewire (pid 812)`.
    public var description: String { command.isEmpty ? "pid \(pid)" : "\(command) (pid \(pid))" }
}
