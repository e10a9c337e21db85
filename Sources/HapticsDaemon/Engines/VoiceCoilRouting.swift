import HapticsAudio
import HapticsEvdev
import HapticsHidraw
import HapticsModel
import HapticsPlayback
import HapticsRouting
import Synchronization

/// The main engine's driver under `--driver auto`: the evdev driver for every pad (its device
/// list and hot-plug), except that a DualSense plays its frames on its voice coils, where `auto`
/// on the command line plays its handles (`PadPaths.auto`): through its sound card over USB (an
/// `AudioDriver`), through its hidraw node over Bluetooth where this user may write to it (a
/// `HidrawDriver` at the handles, reports 0x32). The evdev driver passes those pads by
/// (`EvdevDriver.playElsewhere(_:)`).
///
/// Each pad is looked at once, when it first appears in the evdev driver's list (`prepare`,
/// and `devicesChanged()` after hot-plug); one whose voice coils cannot be opened (a busy card)
/// is one notice and plays evdev rumble. A pad that leaves closes its voice coils' driver.
final class VoiceCoilRouting: HapticDriver {
    /// What a pad's voice coils are played through, made for a pad `PadPaths` sends there.
    typealias Maker = @Sendable (_ pad: EvdevDeviceInfo, _ paths: PadPaths) -> (any HapticDriver)?

    private struct State {
        /// The voice coils' driver of each pad that has one, by evdev node.
        var coils: [String: any HapticDriver] = [:]
        /// The evdev nodes looked at.
        var seen: Set<String> = []
    }

    /// The evdev driver every pad is listed by.
    let evdev: EvdevDriver
    private let paths: @Sendable (EvdevDeviceInfo) -> PadPaths?
    private let make: Maker
    private let notice: @Sendable (String) -> Void
    private let state = Mutex(State())

    /// Routes the pads of `evdev` on the real devices: `notice` hears about voice coils that
    /// cannot be opened.
    convenience init(evdev: EvdevDriver, notice: @escaping @Sendable (String) -> Void) {
        let hidraw = HidrawDiscovery()
        let cards = SoundCardDiscovery()
        self.init(evdev: evdev, notice: notice) { pad in
            guard pad.profile == .dualSense else { return nil }
            let node = hidraw.pad(for: pad)
            let access: HidrawAccess = node.map { $0.isWritable ? .writable(node: $0.node) : .readOnly(node: $0.node) } ?? .none
            return try? PadPaths.auto(
                profile: pad.profile, access: access, hasSoundCard: cards.card(forEventNode: pad.node) != nil,
                bluetooth: node?.isBluetooth ?? false, locality: .handles, name: pad.name)
        } make: { pad, paths in
            if !paths.audio.isEmpty {
                return AudioDriver(
                    selection: .path(pad.node), locality: PadPaths.locality(of: paths.audio), notice: notice,
                    handBack: CoilHandBack(notice: notice).callAsFunction, releasesIdleCard: true)
            }
            guard !paths.hidraw.isEmpty else { return nil }
            return HidrawDriver(selection: .path(pad.node), locality: PadPaths.locality(of: paths.hidraw), notice: notice)
        }
    }

    /// Routes the pads of `evdev`: `paths` says where `auto` plays a pad's handles, `make`
    /// makes the driver of its voice coils.
    init(
        evdev: EvdevDriver, notice: @escaping @Sendable (String) -> Void, paths: @escaping @Sendable (EvdevDeviceInfo) -> PadPaths?,
        make: @escaping Maker
    ) {
        self.evdev = evdev
        self.notice = notice
        self.paths = paths
        self.make = make
    }

    /// Prepares the evdev driver, then the voice coils of the pads it lists.
    func prepare() throws {
        try evdev.prepare()
        devicesChanged()
    }

    /// Plays the frame on the evdev pads and on every pad's voice coils; the first failure is
    /// thrown once every driver had the frame.
    func apply(_ frame: RumbleFrame) throws {
        try FanOutDriver([evdev] + coilDrivers).apply(frame)
    }

    /// Stops every driver.
    func stop() throws {
        try FanOutDriver([evdev] + coilDrivers).stop()
    }

    /// Closes every driver.
    func close() {
        let coils = state.withLock { state in
            defer { state = State() }
            return Array(state.coils.values)
        }
        for driver in coils { driver.close() }
        evdev.close()
        evdev.playElsewhere([])
    }

    /// Follows the evdev driver's list after a change: looks at the pads new to it (opening
    /// their voice coils where `auto` plays there), closes the voice coils of those gone, and
    /// tells the evdev driver which pads it passes by.
    func devicesChanged() {
        let devices = evdev.devices
        let nodes = Set(devices.map(\.node))
        let (fresh, gone) = state.withLock { state in
            let gone = state.coils.filter { !nodes.contains($0.key) }
            for node in gone.keys { state.coils[node] = nil }
            state.seen = state.seen.intersection(nodes)
            return (devices.filter { !state.seen.contains($0.node) }, Array(gone.values))
        }
        for driver in gone { driver.close() }
        var made: [String: any HapticDriver] = [:]
        for pad in fresh {
            guard let paths = paths(pad), let driver = make(pad, paths) else { continue }
            do {
                try driver.prepare()
                made[pad.node] = driver
            } catch {
                driver.close()
                notice("\(Advice.message(for: error)); \(pad.name) plays through evdev rumble")
            }
        }
        let elsewhere = state.withLock { state in
            state.seen.formUnion(fresh.map(\.node))
            state.coils.merge(made) { _, new in new }
            return Set(state.coils.keys)
        }
        evdev.playElsewhere(elsewhere)
    }

    /// The voice coils' drivers, in no particular order.
    private var coilDrivers: [any HapticDriver] {
        state.withLock { Array($0.coils.values) }
    }
}
