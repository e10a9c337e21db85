import HapticsAudio
import HapticsEvdev
import HapticsModel
import HapticsRouting

extension AudioDriver {
    /// hapticsd's driver of the voice coils of the pads `selection` picks, at `locality`: it
    /// hands the coils back from rumble emulation before each stream (`CoilHandBack`) and lets
    /// go of the card between feedbacks (`releasesIdleCard`), so the daemon's engines, and
    /// other programs, take turns on it.
    static func daemon(
        selection: DeviceSelection, locality: Locality = .all, notice: @escaping @Sendable (String) -> Void
    ) -> AudioDriver {
        AudioDriver(
            selection: selection, locality: locality, notice: notice, handBack: CoilHandBack(notice: notice).callAsFunction,
            releasesIdleCard: true)
    }
}
