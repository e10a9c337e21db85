import Dispatch
import Glibc
import HapticsCommandLine

/// Runs a clean-up (stop the motors, erase the effects) when SIGINT or SIGTERM arrives, then
/// exits with 128 + the signal's number, as a shell expects.
final class SignalTrap {
    private let sources: [any DispatchSourceSignal]

    /// Traps SIGINT and SIGTERM until `release()`.
    init(cleanUp: @escaping @Sendable () async -> Void) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                Task {
                    await cleanUp()
                    exit(128 + number)
                }
            }
            source.resume()
            return source
        }
    }

    /// Stops trapping; the signals' default actions apply again.
    func release() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
