import HapticsModel

/// One engine's voice on a pad's shared voice coils (`VoiceCoilCards`): it plays the engine's
/// frames at its locality; its silence, `stop` and `close` end only what it played itself.
final class VoiceCoilVoice: HapticDriver {
    private let cards: VoiceCoilCards
    /// The evdev node of the pad played.
    let node: String
    private let id: Int
    /// Where on the pad the voice plays.
    let locality: Locality

    init(cards: VoiceCoilCards, node: String, id: Int, locality: Locality) {
        self.cards = cards
        self.node = node
        self.id = id
        self.locality = locality
    }

    deinit {
        close()
    }

    /// The profile frames are rendered with: the voice coils'.
    var renderProfile: PadProfile { .dualSenseVoiceCoils }

    /// Joins the shared driver and prepares it (opens the card, or says why it cannot).
    func prepare() throws {
        try cards.driver(of: node, voice: id).prepare()
    }

    /// Plays a sounding frame, taking the coils; a silent one only if this voice sounds.
    func apply(_ frame: RumbleFrame) throws {
        try cards.driver(of: node, voice: id, forFrameSounding: !frame.isSilent)?.apply(frame, at: locality)
    }

    /// Silences the coils if this voice's effect sounds on them.
    func stop() throws {
        try cards.driverToStop(of: node, voice: id)?.stop()
    }

    /// Gives the voice up: the driver closes with its last voice, and stops if this voice's
    /// effect sounded.
    func close() {
        guard let (driver, closes) = cards.release(node, voice: id) else { return }
        if closes { driver.close() } else { try? driver.stop() }
    }
}
