import HapticsModel
import Synchronization

/// One opened pad: its node, its guardian, and its family's state, which decides the reports
/// its frames, trigger effects, stops and resets become (the driver writes them).
struct HidrawPad: Sendable {
    /// The pad.
    let info: HidrawPadInfo
    /// Its open hidraw node, or `nil` while the driver has let go of it (an idle pad whose
    /// family `letsGoOfIdleNode`: the next report opens it again).
    var fd: Int32?
    /// A number no other pad opened by this process has.
    let serial: Int
    /// Its guardian, where one could be forked.
    var guardian: HidrawGuardian?
    /// The reset reports the guardian holds, or `nil` while it is disarmed.
    var armedResets: [[UInt8]]?
    /// The parts it plays.
    let parts: Set<PadPart>
    /// Its family's state.
    var family: any HidrawPadFamily
    /// How many reports were written to it: an idle check set before the last one is stale.
    var writes = 0

    /// A pad opened at `fd`, playing `parts`.
    init(info: HidrawPadInfo, fd: Int32, parts: Set<PadPart>) {
        self.info = info
        self.fd = fd
        self.parts = parts
        family = info.model.family.init(parts: parts, isBluetooth: info.isBluetooth)
        serial = Self.serials.add(1, ordering: .relaxed).newValue
    }

    /// The last serial handed out.
    private static let serials = Atomic<Int>(0)
}
