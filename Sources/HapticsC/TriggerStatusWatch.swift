import Dispatch
import HapticsHidraw
import HapticsModel
import Synchronization

/// The latest status of the triggers an engine reaches, for `haptics_trigger_status`: a
/// `TriggerStatusReader` started when the engine is first asked, keeping the statuses of the
/// last input report read, until the engine closes.
final class TriggerStatusWatch: Sendable {
    private let reader: TriggerStatusReader
    private let latest = Mutex<(left: TriggerStatus, right: TriggerStatus)?>(nil)
    private let firstReport = DispatchSemaphore(value: 0)

    /// Starts `reader`.
    init(reader: TriggerStatusReader) {
        self.reader = reader
        reader.start { [weak self] left, right in self?.read(left, right) }
    }

    /// Keeps the statuses of the report read, and lets the first one's waiters go on.
    private func read(_ left: TriggerStatus, _ right: TriggerStatus) {
        let isFirst = latest.withLock { latest in
            defer { latest = (left, right) }
            return latest == nil
        }
        if isFirst { firstReport.signal() }
    }

    deinit {
        reader.close()
    }

    /// The status of the trigger on `side` in the last report read, waiting up to `timeout`
    /// for the first report; `nil` when none came.
    func status(of side: Actuator.Side, waitingUpTo timeout: Duration) -> TriggerStatus? {
        if latest.withLock({ $0 == nil }) {
            let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
            if firstReport.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success {
                // Every later caller finds the report without waiting; the signal is handed on.
                firstReport.signal()
            }
        }
        return latest.withLock { latest in latest.map { side == .left ? $0.left : $0.right } }
    }

    /// Stops reading and closes the reader's node.
    func close() {
        reader.close()
    }

    /// The pad read, as errors name it.
    var padName: String { reader.pad.device.name }
}
