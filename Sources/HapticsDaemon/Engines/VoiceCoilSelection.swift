import HapticsAudio
import HapticsEvdev
import HapticsModel
import HapticsPlayback
import HapticsRouting
import Synchronization

/// The main engine's driver under `hapticsd --driver audio`: the voice coils of the pads
/// `--device` selects (those with a sound card), each a voice of `VoiceCoilCards`, so the
/// localities' engines (`ImpactAt left-handle`) share each pad's stream with it rather than
/// find the card held.
final class VoiceCoilSelection: HapticDriver {
    /// A pad played: its device, its card and the voice on its coils.
    struct Pad {
        let device: EvdevDeviceInfo
        let card: SoundCard
        let voice: VoiceCoilVoice
    }

    /// The pads once prepared, and their voices as one driver (so a frame builds no list).
    private struct Prepared {
        let pads: [Pad]
        let voices: FanOutDriver
    }

    private let choose: @Sendable () throws(AudioError) -> [(EvdevDeviceInfo, SoundCard)]
    private let voiceCoils: VoiceCoilCards
    private let state = Mutex<Prepared?>(nil)

    /// The coils of the pads `choose` picks (with their cards), played through `voiceCoils`.
    init(choose: @escaping @Sendable () throws(AudioError) -> [(EvdevDeviceInfo, SoundCard)], voiceCoils: VoiceCoilCards) {
        self.choose = choose
        self.voiceCoils = voiceCoils
    }

    /// The coils of the pads `selection` picks among the evdev pads.
    convenience init(selection: DeviceSelection, voiceCoils: VoiceCoilCards) {
        let (devices, cards) = (DeviceDiscovery(), SoundCardDiscovery())
        let choose = { @Sendable () throws(AudioError) in
            try AudioDriver.pads(selectedBy: selection, at: .all, among: devices.devices(), discovery: cards)
        }
        self.init(choose: choose, voiceCoils: voiceCoils)
    }

    /// The pads played and their cards, once prepared.
    var pads: [Pad] { state.withLock { $0?.pads ?? [] } }

    /// Picks the pads and prepares a voice on each one's coils; cheap once prepared.
    ///
    /// - Throws: `AudioError`: no pad, no card, a busy card, no permission.
    func prepare() throws {
        if state.withLock({ $0 != nil }) { return }
        let pads = try choose().map { Pad(device: $0.0, card: $0.1, voice: voiceCoils.voice(for: $0.0.node, at: .all)) }
        do {
            for pad in pads { try pad.voice.prepare() }
        } catch {
            for pad in pads { pad.voice.close() }
            throw error
        }
        let unused = state.withLock { state -> [Pad] in
            guard state == nil else { return pads }
            state = Prepared(pads: pads, voices: FanOutDriver(pads.map(\.voice)))
            return []
        }
        for pad in unused { pad.voice.close() }
    }

    /// Plays the frame on every pad's coils (preparing first if needed); the first failure is
    /// thrown once every pad had the frame.
    func apply(_ frame: RumbleFrame) throws {
        try prepare()
        try state.withLock { $0?.voices }?.apply(frame)
    }

    /// Silences what this driver plays on every pad.
    func stop() throws {
        try state.withLock { $0?.voices }?.stop()
    }

    /// Gives up every pad's voice; a later `prepare` or `apply` picks the pads again.
    func close() {
        let pads = state.withLock { state in
            defer { state = nil }
            return state?.pads ?? []
        }
        for pad in pads { pad.voice.close() }
    }
}
