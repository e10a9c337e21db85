public import HapticsModel
import Synchronization

/// A driver that keeps everything it is told, so tests can check exactly what a device would
/// have received, headless.
public final class RecordingDriver: HapticDriver {
    /// One call the driver received.
    public enum Entry: Sendable, Hashable {
        /// `prepare()`.
        case prepare
        /// `apply(_:)`, with the frame as given: its start is the time it was due.
        case apply(RumbleFrame)
        /// `stop()`.
        case stop
        /// `close()`.
        case close
    }

    private let log = Mutex<[Entry]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Every call received, in order.
    public var entries: [Entry] { log.withLock { $0 } }

    /// The frames applied, in order.
    public var frames: [RumbleFrame] {
        entries.compactMap { entry in
            if case .apply(let frame) = entry { frame } else { nil }
        }
    }

    /// Forgets everything recorded so far.
    public func reset() {
        log.withLock { $0.removeAll() }
    }

    /// Records the call.
    public func prepare() {
        log.withLock { $0.append(.prepare) }
    }

    /// Records the frame.
    public func apply(_ frame: RumbleFrame) {
        log.withLock { $0.append(.apply(frame)) }
    }

    /// Records the call.
    public func stop() {
        log.withLock { $0.append(.stop) }
    }

    /// Records the call.
    public func close() {
        log.withLock { $0.append(.close) }
    }
}
