/// A pad's ALSA card: the USB audio function beside its HID function.
public struct SoundCard: Sendable, Equatable {
    /// The card's number (`N` in `/dev/snd/pcmCND0p`).
    public let index: Int
    /// The card's id, e.g. `Controller` or `Controller_1` (`hw:Controller`).
    public let id: String
    /// The playback PCM's device node, e.g. `/dev/snd/pcmC1D0p`.
    public let playbackNode: String

    /// Creates a card.
    public init(index: Int, id: String, playbackNode: String) {
        self.index = index
        self.id = id
        self.playbackNode = playbackNode
    }

    /// The ALSA name a person types, e.g. `hw:Controller`.
    public var alsaName: String { "hw:\(id)" }
}
