import Dispatch
import Glibc
import HapticsCommandLine
import Synchronization

/// Traps SIGINT and SIGTERM while a command plays, so that it ends on one path: the handler
/// only records the signal and asks the command to stop (`onSignal`, e.g. a stream's yield
/// that the command's wait listens to); the command closes what it opened, once, on its own
/// path, and returns `exitCode`.
final class SignalTrap: Sendable {
    /// The first signal caught, 0 before one is.
    private final class Caught: Sendable {
        let number = Atomic<Int32>(0)
    }

    private let caught = Caught()
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]

    /// Traps SIGINT and SIGTERM until `release()`. When one arrives it is recorded (the first
    /// one only) and then `onSignal` runs, on another thread: it must only ask to stop.
    init(onSignal: @escaping @Sendable () -> Void) {
        let caught = caught
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                _ = caught.number.compareExchange(expected: 0, desired: number, ordering: .sequentiallyConsistent)
                onSignal()
            }
            source.resume()
            return source
        }
    }

    /// The exit status for the signal caught, `nil` when none was: 130 for SIGINT, 143 for
    /// SIGTERM, as shells and supervisors expect.
    var exitCode: ExitCode? { ExitCode(signal: caught.number.load(ordering: .sequentiallyConsistent)) }

    /// Stops trapping; the signals' default actions apply again.
    func release() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
