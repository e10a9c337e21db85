import HapticsAudio
import HapticsEvdev
import HapticsHidraw
import HapticsModel
import HapticsPlayback
import HapticsRouting
import Synchronization

/// The main engine's driver under `--driver auto`: the evdev driver for every pad (its device
/// list and hot-plug), except that a DualSense plays its frames on its voice coils, where `auto`
/// on the command line plays its handles (`PadPaths.auto`): through its sound card over USB (a
/// voice of `VoiceCoilCards`, whose stream the localities' engines share), through its hidraw
/// node over Bluetooth where this user may write to it (a `HidrawDriver` at the handles,
/// reports 0x32). The evdev driver passes those pads by (`EvdevDriver.playElsewhere(_:)`).
///
/// A pad is looked at when it appears in the evdev driver's list (`prepare`, and
/// `devicesChanged()` after hot-plug), and a DualSense whose voice coils it could not reach
/// yet (its card or its hidraw node is not there, or not writable, when its event node
/// appears) again at each change after (`devicesChanged()` when a sound card or a hidraw node
/// appears or udev grants access to it); one whose voice coils cannot be opened (a busy card)
/// is one notice and plays evdev rumble. A pad that leaves closes its voice coils' driver.
final class VoiceCoilRouting: HapticDriver {
    private struct State {
        /// The voice coils' driver of each pad that has one, by evdev node.
        var coils: [String: any HapticDriver] = [:]
        /// The evdev nodes looked at for good: every pad but a DualSense whose voice coils
        /// were not reachable yet.
        var seen: Set<String> = []
        /// What a frame plays through: the evdev driver, then the voice coils' drivers (kept
        /// with `coils`, so a frame builds no list).
        var drivers: FanOutDriver
    }

    /// The evdev driver every pad is listed by.
    let evdev: EvdevDriver
    private let notice: @Sendable (String) -> Void
    private let voiceCoils: VoiceCoilCards
    private let hidraw = HidrawDiscovery()
    private let cards = SoundCardDiscovery()
    private let state: Mutex<State>

    /// Routes the pads of `evdev`, playing USB pads' voice coils through `voiceCoils`:
    /// `notice` hears about voice coils that cannot be opened.
    init(evdev: EvdevDriver, voiceCoils: VoiceCoilCards, notice: @escaping @Sendable (String) -> Void) {
        self.evdev = evdev
        self.voiceCoils = voiceCoils
        self.notice = notice
        state = Mutex(State(drivers: FanOutDriver([evdev])))
    }

    /// Prepares the evdev driver, then the voice coils of the pads it lists.
    func prepare() throws {
        try evdev.prepare()
        devicesChanged()
    }

    /// Plays the frame on the evdev pads and on every pad's voice coils; the first failure is
    /// thrown once every driver had the frame.
    func apply(_ frame: RumbleFrame) throws {
        try state.withLock { $0.drivers }.apply(frame)
    }

    /// Stops every driver.
    func stop() throws {
        try state.withLock { $0.drivers }.stop()
    }

    /// Closes every driver.
    func close() {
        let coils = state.withLock { state in
            defer { state = State(drivers: FanOutDriver([evdev])) }
            return Array(state.coils.values)
        }
        for driver in coils { driver.close() }
        evdev.close()
        evdev.playElsewhere([])
    }

    /// Follows the evdev driver's list after a change: looks at the pads new to it, and at the
    /// DualSenses whose voice coils were not reachable yet (opening their voice coils where
    /// `auto` plays there), closes the voice coils of those gone, and tells the evdev driver
    /// which pads it passes by.
    func devicesChanged() {
        let devices = evdev.devices
        let nodes = Set(devices.map(\.node))
        let (fresh, gone) = state.withLock { state in
            let gone = state.coils.filter { !nodes.contains($0.key) }
            for node in gone.keys { state.coils[node] = nil }
            state.seen = state.seen.intersection(nodes)
            state.drivers = FanOutDriver([evdev] + Array(state.coils.values))
            return (devices.filter { !state.seen.contains($0.node) }, Array(gone.values))
        }
        for driver in gone { driver.close() }
        var made: [String: any HapticDriver] = [:]
        var settled: [String] = []
        for pad in fresh {
            guard let driver = voiceCoils(of: pad) else {
                if pad.profile != .dualSense { settled.append(pad.node) }
                continue
            }
            settled.append(pad.node)
            do {
                try driver.prepare()
                made[pad.node] = driver
            } catch {
                driver.close()
                notice("\(Advice.message(for: error)); \(pad.name) plays through evdev rumble")
            }
        }
        let elsewhere = state.withLock { state in
            state.seen.formUnion(settled)
            state.coils.merge(made) { _, new in new }
            state.drivers = FanOutDriver([evdev] + Array(state.coils.values))
            return Set(state.coils.keys)
        }
        evdev.playElsewhere(elsewhere)
    }

    /// The driver of `pad`'s voice coils, where `auto` plays its handles there (a DualSense:
    /// its sound card over USB, its writable hidraw node over Bluetooth), not prepared; `nil`
    /// for any other pad.
    private func voiceCoils(of pad: EvdevDeviceInfo) -> (any HapticDriver)? {
        guard pad.profile == .dualSense else { return nil }
        let node = hidraw.pad(for: pad)
        guard
            let paths = try? PadPaths.auto(
                profile: pad.profile, access: HidrawAccess(node), hasSoundCard: cards.card(forEventNode: pad.node) != nil,
                bluetooth: node?.isBluetooth ?? false, locality: .handles, name: pad.name)
        else { return nil }
        if !paths.audio.isEmpty {
            return voiceCoils.voice(for: pad.node, at: PadPaths.locality(of: paths.audio))
        }
        guard !paths.hidraw.isEmpty else { return nil }
        return HidrawDriver(selection: .path(pad.node), locality: PadPaths.locality(of: paths.hidraw), notice: notice)
    }
}
