public import HapticsEvdev
import HapticsModel

/// Hands a USB DualSense's voice coils back from the rumble emulation, so the waveform its
/// sound card plays reaches them: one output report 0x02 with no valid bit, written to the
/// pad's hidraw node.
///
/// hid-playstation sets `valid_flag0`'s 0x01 (`COMPATIBLE_VIBRATION`) and 0x02
/// (`HAPTICS_SELECT`) whenever evdev rumble plays, even at magnitude 0, and the pad then
/// ignores the audio on channels 3-4; a report with neither bit returns it to the audio
/// haptics, and sets nothing else (no light, no trigger, no motor), so nothing needs a reset.
public struct DualSenseCoilHandBack: Sendable {
    let discovery: HidrawDiscovery

    /// Creates a hand-back that finds each pad's node through `discovery`.
    public init(discovery: HidrawDiscovery = HidrawDiscovery()) {
        self.discovery = discovery
    }

    /// The report written: 0x02 with every valid bit clear.
    public static let report = DualSenseOutputReport().usb

    /// Writes the hand-back to the hidraw node of `device`, a DualSense over USB.
    ///
    /// - Throws: `HidrawError`: the pad has no hidraw node, the node is not writable, cannot
    ///   be opened, or the write failed.
    public func send(to device: EvdevDeviceInfo) throws(HidrawError) {
        let system = discovery.system
        guard let node = discovery.node(for: device) else {
            throw .noHidrawNode(device: device.node, name: device.name)
        }
        guard system.canWrite(node) else { throw .permissionDenied(node: node, name: device.name) }
        let fd: Int32
        do { fd = try system.openNode(node) } catch { throw .cannotOpen(node: node, errno: error) }
        defer { system.close(fd) }
        do { try system.send(fd, Self.report) } catch { throw .writeFailed(node: node, errno: error) }
    }
}
