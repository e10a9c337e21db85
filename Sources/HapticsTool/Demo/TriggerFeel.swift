import HapticsCommandLine
import HapticsEvdev
import HapticsHidraw
import HapticsModel
import HapticsRouting

/// The demo's pulling trigger with its resistance set (`TriggerResistance`) through the pad's
/// hidraw node, until `release()` turns it off and closes the node.
final class TriggerFeel: Sendable {
    /// The driver holding the node.
    private let driver: HidrawDriver
    /// The trigger's side.
    let side: Actuator.Side

    private init(driver: HidrawDriver, side: Actuator.Side) {
        self.driver = driver
        self.side = side
    }

    /// Sets the resistance on the trigger `reader` reads when its pad is a DualSense whose
    /// hidraw node this user may write; `nil` otherwise. A DualSense's trigger without access
    /// (or whose effect cannot be set) says so in one `note:` line on `console`; the demo then
    /// pulls without resistance, as with any other pad.
    static func open(for reader: GamepadPullReader, console: Console, discovery: HidrawDiscovery = HidrawDiscovery()) -> TriggerFeel? {
        guard let side = TriggerResistance.side(of: reader.axis), let pad = discovery.pad(for: reader.device), pad.model == .dualSense
        else { return nil }
        let name = PadLocalities.name(profile: reader.device.profile, device: reader.device.name, node: reader.device.node)
        guard pad.isWritable else {
            console.err(
                "note: \(Advice.message(for: HidrawError.permissionDenied(node: pad.node, name: name))); the trigger pulls without resistance"
            )
            return nil
        }
        let driver = HidrawDriver(
            selection: .path(reader.device.node), locality: side == .left ? .leftTrigger : .rightTrigger,
            notice: { console.err("note: \($0)") })
        do {
            try driver.prepare()
            try driver.setTriggerEffect(TriggerResistance.effect(), on: side)
        } catch {
            driver.close()
            console.err("note: \(Advice.message(for: error)); the trigger pulls without resistance")
            return nil
        }
        return TriggerFeel(driver: driver, side: side)
    }

    /// Turns the resistance off and closes the node (which resets what the driver set).
    func release() {
        try? driver.setTriggerEffect(.off, on: side)
        driver.close()
    }
}
