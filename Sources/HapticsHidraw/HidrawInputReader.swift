import HapticsPlatform
import Synchronization

/// Reads the input reports of one hidraw node as they come: a Steam Deck's controller state,
/// for the demo's trackpad pull; an Xbox pad's trigger positions, for its trigger motors.
///
/// Once started, a thread of its own waits for each report (at most 50 ms at a time, so that
/// `close()` is seen soon) and hands it to the handler right there, until the device goes
/// away or `close()` is called; the thread closes the node when it ends.
public final class HidrawInputReader: Sendable {
    /// What the reader holds.
    private enum State {
        /// Open, not reading yet.
        case opened
        /// Read by the thread.
        case reading
        /// Closed, or asked to close.
        case ended
    }

    /// How long one wait for a report lasts at most.
    static let wait = Duration.milliseconds(50)
    /// The name of the reading thread.
    static let threadName = "haptics-hidraw-input"

    /// The node read.
    public let node: String
    private let system: HidrawSystem
    private let fd: Int32
    private let state = Mutex(State.opened)

    /// Opens `node` (`name` says whose it is in errors), without reading yet.
    ///
    /// - Throws: `permissionDenied` or `cannotOpen`.
    public convenience init(node: String, name: String) throws(HidrawError) {
        try self.init(node: node, name: name, system: .live)
    }

    init(node: String, name: String, system: HidrawSystem) throws(HidrawError) {
        do {
            fd = try system.openNode(node)
        } catch {
            throw error.meansPermissionDenied ? .permissionDenied(node: node, name: name) : .cannotOpen(node: node, errno: error)
        }
        self.node = node
        self.system = system
    }

    deinit {
        close()
    }

    /// Starts reading: each report, as read, goes to `handler` on the reader's thread. Does
    /// nothing once started or closed.
    public func start(_ handler: @escaping @Sendable ([UInt8]) -> Void) {
        let starts = state.withLock { state -> Bool in
            guard case .opened = state else { return false }
            state = .reading
            return true
        }
        guard starts else { return }
        let (system, fd) = (system, fd)
        startDetachedThread(named: Self.threadName) { [self] in
            while state.withLock({ if case .reading = $0 { true } else { false } }) {
                guard let report = try? system.readReport(fd, Self.wait) else { break }
                if !report.isEmpty { handler(report) }
            }
            state.withLock { $0 = .ended }
            system.close(fd)
        }
    }

    /// Stops reading and closes the node: at once when it was never started, else by the
    /// thread within one wait.
    public func close() {
        let unread = state.withLock { state -> Bool in
            let neverStarted = if case .opened = state { true } else { false }
            state = .ended
            return neverStarted
        }
        if unread { system.close(fd) }
    }
}
