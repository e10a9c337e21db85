import CSDBus
import Glibc

/// SIGTERM, SIGINT and SIGHUP as a file descriptor (`signalfd`), so they join the loop's
/// `poll` instead of interrupting whatever runs. `block()` must run on the main thread before
/// any other thread starts, so that every thread inherits the mask.
struct SignalChannel: ~Copyable {
    /// The signals the daemon handles.
    static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// The signalfd the loop polls.
    let fileDescriptor: Int32

    /// Blocks the daemon's signals in this thread (and the threads it starts later); wraps
    /// `pthread_sigmask`.
    static func block() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Opens the signalfd; wraps `signalfd`.
    init() throws(BusError) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in Self.signals { sigaddset(&set, signal) }
        let fd = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else { throw BusError("creating the signalfd", result: -errno) }
        fileDescriptor = fd
    }

    deinit {
        Glibc.close(fileDescriptor)
    }

    /// The signals received since the last call.
    func take() -> [Int32] {
        var received: [Int32] = []
        var info = signalfd_siginfo()
        while Glibc.read(fileDescriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            received.append(Int32(info.ssi_signo))
        }
        return received
    }
}
