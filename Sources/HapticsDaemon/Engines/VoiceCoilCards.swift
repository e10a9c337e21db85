import HapticsAudio
import HapticsModel
import Synchronization

/// The voice coils hapticsd plays over USB audio, one driver per pad shared by every engine
/// that plays there: a card's PCM opens for one stream at a time, so the main engine and the
/// localities' engines (`ImpactAt left-handle`) take voices of one driver (`voice(for:at:)`)
/// rather than find the card held by one another.
///
/// The coils play one waveform: the newest sounding frame takes them (where the kernel adds
/// up the rumble effects of several engines, two voices sounding at once take turns frame by
/// frame); a voice's silence or stop ends only what that voice played, never an effect
/// another voice started since. The driver closes with the last voice.
final class VoiceCoilCards: Sendable {
    /// One pad's shared driver: the voices that use it, and the one whose frame sounds.
    private struct Card {
        let driver: any LocalizedDriver
        var voices: Set<Int> = []
        var owner: Int?
    }

    private struct State {
        var cards: [String: Card] = [:]
        var nextVoice = 0
    }

    private let make: @Sendable (String) -> any LocalizedDriver
    private let state = Mutex(State())

    /// Cards whose drivers `make` creates for an evdev node (hapticsd's: an `AudioDriver` on
    /// that pad, handing its coils back from rumble emulation and letting go of the card
    /// between feedbacks).
    init(make: @escaping @Sendable (String) -> any LocalizedDriver) {
        self.make = make
    }

    /// hapticsd's cards: `notice` hears what failed while a driver wrote on its own.
    convenience init(notice: @escaping @Sendable (String) -> Void) {
        self.init { node in AudioDriver.daemon(selection: .path(node), notice: notice) }
    }

    /// A voice on the voice coils of the pad at evdev `node`, playing at `locality`. It joins
    /// the pad's driver (made with the first voice) when it prepares or plays, and leaves it
    /// when it closes.
    func voice(for node: String, at locality: Locality) -> VoiceCoilVoice {
        let id = state.withLock { state in
            defer { state.nextVoice += 1 }
            return state.nextVoice
        }
        return VoiceCoilVoice(cards: self, node: node, id: id, locality: locality)
    }

    /// The driver of `node`'s voice coils, voice `id` joining it.
    func driver(of node: String, voice id: Int) -> any LocalizedDriver {
        joining(node, voice: id) { $0.driver }
    }

    /// The driver to play voice `id`'s frame on (the voice joining it), or `nil` when the
    /// frame must not play: a sounding frame takes the coils; a silent one plays only for the
    /// voice that sounds (or when none does), and gives the coils up.
    func driver(of node: String, voice id: Int, forFrameSounding sounds: Bool) -> (any LocalizedDriver)? {
        joining(node, voice: id) { card in
            if sounds {
                card.owner = id
            } else {
                guard card.owner == nil || card.owner == id else { return nil }
                card.owner = nil
            }
            return card.driver
        }
    }

    /// `body` on `node`'s card with voice `id` among its voices; a card missing is made with a
    /// driver made outside the lock.
    private func joining<Result>(_ node: String, voice id: Int, _ body: (inout Card) -> Result) -> Result {
        var made: (any LocalizedDriver)?
        while true {
            let outcome = state.withLock { state -> Result? in
                guard var card = state.cards[node] ?? made.map({ Card(driver: $0) }) else { return nil }
                card.voices.insert(id)
                defer { state.cards[node] = card }
                return .some(body(&card))
            }
            if let outcome { return outcome }
            made = make(node)
        }
    }

    /// The driver to stop for voice `id`: `nil` when another voice's effect sounds, or the
    /// voice has not joined.
    func driverToStop(of node: String, voice id: Int) -> (any LocalizedDriver)? {
        state.withLock { state in
            guard var card = state.cards[node], card.voices.contains(id), card.owner == nil || card.owner == id else { return nil }
            card.owner = nil
            state.cards[node] = card
            return card.driver
        }
    }

    /// Voice `id` is done: the driver to close when it was the last one, else the driver to
    /// stop when its effect sounded, else `nil`.
    func release(_ node: String, voice id: Int) -> (driver: any LocalizedDriver, closes: Bool)? {
        state.withLock { state in
            guard var card = state.cards[node], card.voices.remove(id) != nil else { return nil }
            if card.voices.isEmpty {
                state.cards[node] = nil
                return (card.driver, true)
            }
            let sounded = card.owner == id
            if sounded { card.owner = nil }
            state.cards[node] = card
            return sounded ? (card.driver, false) : nil
        }
    }
}
