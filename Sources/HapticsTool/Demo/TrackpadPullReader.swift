import HapticsCommandLine
import HapticsEvdev
import HapticsHidraw
import HapticsModel
import Synchronization

/// Reads a Steam Deck's right trackpad as a pull from 0 to 1, for the pull-to-refresh demo:
/// the finger's travel down the pad from where it landed, half the pad's height for a full
/// pull; lifting it lets go. The controller's state comes from its hidraw node's input
/// reports (`SteamDeckInputReport`), on both kernels: on Linux 7.3 hid-steam forwards them to
/// whoever holds its client node and stops its own gamepad meanwhile (its evdev gamepad reports
/// the trackpads only in its gamepad mode anyway), on 6.1 the node is hid-generic's own. The
/// pulls come on the reader's thread until the Deck goes away or `close()` is called.
final class TrackpadPullReader: PullSource {
    /// The travel down the pad, in its units, that pulls fully: half its height.
    static let fullPull = 32767.0

    /// The Deck read, as `haptics devices` lists it (its node the hidraw node).
    let device: EvdevDeviceInfo

    private let reader: HidrawInputReader

    /// Opens the first Steam Deck `selection` picks among the pads hidraw alone reaches.
    ///
    /// - Throws: `noPad` when none is found, or why its node cannot be opened.
    init(selection: DeviceSelection, discovery: HidrawDiscovery = HidrawDiscovery()) throws(HidrawError) {
        let decks = discovery.hidrawOnlyPads().filter { $0.profile == .steamDeck }
        guard let deck = selection.pick(from: decks).first else { throw .noPad(selection: selection) }
        device = deck
        reader = try HidrawInputReader(node: deck.node, name: deck.name)
    }

    deinit {
        close()
    }

    /// Starts reading: each change of the pull goes to `onPull` on the reader's thread.
    func start(_ onPull: @escaping @Sendable (Double) -> Void) {
        let gesture = Mutex(TrackpadGesture())
        reader.start { bytes in
            guard let report = SteamDeckInputReport(bytes),
                let pull = gesture.withLock({ $0.pull(for: report.rightTrackpad) })
            else { return }
            onPull(pull)
        }
    }

    /// Stops reading and closes the node.
    func close() {
        reader.close()
    }
}
