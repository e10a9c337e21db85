package import HapticsEvdev
import HapticsHidraw
import Synchronization

/// The `handBack` of the audio drivers `DriverChoice` makes: hands a USB DualSense's voice
/// coils back from the rumble emulation through its hidraw node (`DualSenseCoilHandBack`)
/// before each stream starts. Where that fails (no write access to the node), the audio still
/// plays, and one notice per driver says why the coils may stay still.
package final class CoilHandBack: Sendable {
    private let handBack = DualSenseCoilHandBack()
    private let notice: @Sendable (String) -> Void
    private let hasFailed = Mutex(false)

    /// Creates a hand-back that tells its first failure through `notice`.
    package init(notice: @escaping @Sendable (String) -> Void) {
        self.notice = notice
    }

    /// Hands back the voice coils of `device`.
    package func callAsFunction(_ device: EvdevDeviceInfo) {
        do {
            try handBack.send(to: device)
        } catch {
            let isFirst = hasFailed.withLock { failed in
                defer { failed = true }
                return !failed
            }
            guard isFirst else { return }
            notice(
                "the voice coils may stay still if evdev rumble played since the pad was plugged in: handing them back "
                    + "from its rumble emulation needs its hidraw node (\(Advice.message(for: error)))")
        }
    }
}
