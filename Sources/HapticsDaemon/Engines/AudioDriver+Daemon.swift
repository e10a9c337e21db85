import HapticsAudio
import HapticsEvdev
import HapticsModel
import HapticsRouting

extension AudioDriver {
    /// hapticsd's driver of the voice coils of the pads `selection` picks: it hands the coils
    /// back from rumble emulation before each stream (`CoilHandBack`) and lets go of the card
    /// between feedbacks (`releasesIdleCard`), so other programs take turns on it (the
    /// daemon's own engines share it through `VoiceCoilCards`).
    static func daemon(selection: DeviceSelection, notice: @escaping @Sendable (String) -> Void) -> AudioDriver {
        AudioDriver(selection: selection, notice: notice, handBack: CoilHandBack(notice: notice).callAsFunction, releasesIdleCard: true)
    }
}
