public import HapticsModel

/// Reads the status of a pad's adaptive triggers as the pad reports it, from its hidraw
/// node's input reports (`DualSenseInputReport`): for each report, both triggers'
/// `TriggerStatus`, on the reader's thread, until the pad goes away or `close()` is called.
///
/// `HidrawDriver.triggerStatusReader()` opens one for the pad a driver drives; the reader has
/// a node of its own, so it reads beside the driver's writes.
public final class TriggerStatusReader: Sendable {
    /// The pad read.
    public let pad: HidrawPadInfo
    private let reader: HidrawInputReader

    /// Opens the pad's node, without reading yet.
    ///
    /// - Throws: `permissionDenied` or `cannotOpen`.
    init(pad: HidrawPadInfo, system: HidrawSystem) throws(HidrawError) {
        self.pad = pad
        reader = try HidrawInputReader(node: pad.node, name: pad.device.name, system: system)
    }

    deinit {
        close()
    }

    /// Starts reading: each input report that holds the triggers' status hands both to
    /// `handler`, on the reader's thread; other reports are passed over. Does nothing once
    /// started or closed.
    public func start(_ handler: @escaping @Sendable (_ left: TriggerStatus, _ right: TriggerStatus) -> Void) {
        reader.start { bytes in
            guard let report = DualSenseInputReport(bytes) else { return }
            handler(report.left.status, report.right.status)
        }
    }

    /// Stops reading and closes the node (within 50 ms once started).
    public func close() {
        reader.close()
    }
}
