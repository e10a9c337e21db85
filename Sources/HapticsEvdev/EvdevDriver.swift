public import HapticsModel
import HapticsPlatform
import Synchronization

/// Vibrates real gamepads through the kernel's evdev force-feedback interface.
///
/// - One `FF_RUMBLE` effect per device (`FF_PERIODIC` on vibrators that are not gamepads), uploaded
///   once and then updated in place by its id, so the device's slots never run out; the play
///   event is written again after every update, as some kernels otherwise keep the old level.
/// - Every upload has a finite length (the frame's duration plus a guard, at most 32767 ms):
///   a hung process cannot leave a motor running, and a crash closes the device, which makes
///   the kernel erase its effects.
/// - The frame's gain goes to `FF_GAIN` where the device has it, else it scales the levels.
/// - A level above zero never reaches the device as silence: where the device's driver
///   (its `PadProfile`'s amplitude steps) would round the magnitude to nothing, the smallest
///   magnitude that reaches its first step goes out instead.
/// - A device unplugged mid-play is dropped with one notice while the others keep playing;
///   with `auto` and `all`, pads plugged in later join (inotify on the input directory, watched
///   by the driver itself, or by the caller's event loop through `HotPlugMonitor` and
///   `handle(_:)` when created with `watchesHotPlug: false`).
/// - Haptic touchpads (`FF_HAPTIC` pressure pads, Linux 6.18 and later) play the pad's
///   waveforms instead of motor levels, as `TouchpadWaveforms` maps the frames: clicks, and the
///   pad's continuous waveform where it lists one (found by uploading each in turn when the
///   pad is opened: the kernel refuses a waveform the pad does not list). On an older kernel
///   the first upload fails with `hapticNeedsNewerKernel`.
/// - Devices another driver plays (`playElsewhere(_:)`) stay open and listed, and the frames
///   pass them by.
/// - `stop()` writes a stop and erases the effect; `close()` also closes the devices.
public final class EvdevDriver: HapticDriver {
    /// An open device and how frames reach it: motor levels, or a haptic touchpad's
    /// waveforms.
    private struct OpenDevice {
        let node: EvdevNode
        var output: any EvdevOutput

        var info: EvdevDeviceInfo { node.info }

        /// Plays `frame` through the device's output.
        mutating func play(_ frame: RumbleFrame, notices: inout [String]) throws(Errno) {
            try output.play(frame, on: node, notices: &notices)
        }

        /// Stops what plays and, with `erase`, erases the effect.
        mutating func silence(erase: Bool) throws(Errno) {
            try output.silence(on: node, erase: erase)
        }
    }

    private struct State {
        var devices: [OpenDevice] = []
        var watcher: DeviceWatcher?
        var isWatching = false
        var playedElsewhere: Set<String> = []

        /// Whether frames play on the device at `index` (it is not played elsewhere).
        func plays(_ index: Int) -> Bool {
            playedElsewhere.isEmpty || !playedElsewhere.contains(devices[index].info.node)
        }
    }

    /// Which devices are driven.
    public let selection: DeviceSelection
    private let discovery: DeviceDiscovery
    private let system: Syscalls
    private let notice: @Sendable (String) -> Void
    private let watchesHotPlug: Bool
    private let state = Mutex(State())

    /// Creates a driver for the devices `selection` picks in `directory`. `notice` hears about
    /// devices joining or leaving (one line each). With `watchesHotPlug` false, the driver
    /// does not watch the directory itself: the caller hands it each change (`handle(_:)`).
    public convenience init(
        selection: DeviceSelection = .auto,
        directory: String = "/dev/input",
        watchesHotPlug: Bool = true,
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.init(selection: selection, directory: directory, system: .live, watchesHotPlug: watchesHotPlug, notice: notice)
    }

    init(
        selection: DeviceSelection, directory: String, system: Syscalls, watchesHotPlug: Bool = true,
        notice: @escaping @Sendable (String) -> Void
    ) {
        self.selection = selection
        self.discovery = DeviceDiscovery(directory: directory, system: system)
        self.system = system
        self.watchesHotPlug = watchesHotPlug
        self.notice = notice
    }

    deinit {
        close()
    }

    /// The devices being driven.
    public var devices: [EvdevDeviceInfo] {
        state.withLock { $0.devices.map(\.info) }
    }

    /// Opens the selected devices, uploads each one's effect and sets full gain where the
    /// device has `FF_GAIN`, so the next frame costs an in-place update and one write.
    /// Throws when no device can be driven.
    public func prepare() throws {
        try state.withLock { state throws(EvdevError) in try prepare(&state) }
    }

    /// Leaves the devices at `nodes` to another driver: they stay open, listed in `devices`
    /// and followed through hot-plug, but no frame plays on them (the one playing stops).
    public func playElsewhere(_ nodes: Set<String>) {
        state.withLock { state in
            for index in state.devices.indices where state.plays(index) && nodes.contains(state.devices[index].info.node) {
                try? state.devices[index].silence(erase: false)
            }
            state.playedElsewhere = nodes
        }
    }

    /// Plays the frame on every device (but those played elsewhere).
    public func apply(_ frame: RumbleFrame) throws {
        var notices: [String] = []
        let (unplugged, failure) = try state.withLock { state throws(EvdevError) in
            if !isReady(state) { try prepare(&state) }
            for index in state.devices.indices where state.plays(index) {
                do throws(Errno) {
                    try state.devices[index].play(frame, notices: &notices)
                } catch {
                    return finishPlaying(frame, failedWith: error, at: index, in: &state, notices: &notices)
                }
            }
            return ([], nil)
        }
        for line in notices + unplugged { notice(line) }
        if let failure { throw failure }
    }

    /// After the device at `index` failed to play `frame`: the frame goes on to the devices
    /// after it, the devices that went away are dropped, and the first other failure is kept.
    /// Returns the notices to give and the error to throw, once the lock is released. (Apart
    /// from the loop in `apply`, so that a frame that plays everywhere, as nearly every frame
    /// does, keeps no list and no error on its way.)
    private func finishPlaying(
        _ frame: RumbleFrame, failedWith error: Errno, at index: Int, in state: inout State, notices: inout [String]
    ) -> (unplugged: [String], failure: EvdevError?) {
        var failure: EvdevError?
        var gone: [Int] = []
        func note(_ error: Errno, at index: Int) {
            if error.meansDeviceGone {
                gone.append(index)
            } else {
                failure = failure ?? state.devices[index].node.failure(error, operation: "playing")
            }
        }
        note(error, at: index)
        for next in state.devices.indices.dropFirst(index + 1) where state.plays(next) {
            do throws(Errno) {
                try state.devices[next].play(frame, notices: &notices)
            } catch {
                note(error, at: next)
            }
        }
        return (gone.reversed().map { drop(state.devices.remove(at: $0)) }, failure)
    }

    /// Stops every device's effect and erases it.
    public func stop() throws {
        try state.withLock { state throws(EvdevError) in
            var failure: EvdevError?
            for index in state.devices.indices {
                do throws(Errno) {
                    try state.devices[index].silence(erase: true)
                } catch  where !error.meansDeviceGone {
                    failure = failure ?? state.devices[index].node.failure(error, operation: "stopping")
                } catch {}
            }
            if let failure { throw failure }
        }
    }

    /// Stops and erases every effect, closes the devices and stops watching for new ones.
    public func close() {
        state.withLock { state in
            state.watcher?.cancel()
            state.watcher = nil
            state.isWatching = false
            for var device in state.devices {
                try? device.silence(erase: true)
                system.close(device.node.fd)
            }
            state.devices = []
        }
    }

    // MARK: - Opening

    private func prepare(_ state: inout State) throws(EvdevError) {
        if !state.isWatching, watchesHotPlug, selection.followsHotPlug {
            state.isWatching = true
            state.watcher = try? DeviceWatcher(directory: discovery.directory, system: system) { [weak self] change in
                self?.handle(change)
            }
        }
        if state.devices.isEmpty {
            let picked =
                if case .path(let node) = selection { [try discovery.device(at: node)] } else { discovery.devices(selectedBy: selection) }
            guard !picked.isEmpty else {
                throw .noDevice(selection: selection, directory: discovery.directory)
            }
            for info in picked { state.devices.append(try open(info)) }
        }
        for index in state.devices.indices where !state.devices[index].output.isUploaded {
            let node = state.devices[index].node
            try state.devices[index].output.prepare(on: node)
        }
    }

    /// Whether `prepare` has nothing to do: the devices open with their effects uploaded, and
    /// the watcher started where the selection follows hot-plug. Asked on every frame, so it
    /// answers without a call into `prepare`.
    private func isReady(_ state: State) -> Bool {
        !state.devices.isEmpty && state.devices.allSatisfy { $0.output.isUploaded }
            && (state.isWatching || !watchesHotPlug || !selection.followsHotPlug)
    }

    /// Opens a device with the output it supports: a haptic touchpad's waveforms, else motor
    /// levels in the steps of its profile.
    private func open(_ info: EvdevDeviceInfo) throws(EvdevError) -> OpenDevice {
        do {
            let fd = try system.open(info.node, .readWrite)
            let output: any EvdevOutput =
                info.capabilities.isHapticTouchpad ? TouchpadOutput() : RumbleOutput(steps: info.profile.steps)
            return OpenDevice(node: EvdevNode(info: info, fd: fd, system: system), output: output)
        } catch {
            if error.meansPermissionDenied { throw .permissionDenied(node: info.node) }
            if error.meansDeviceGone { throw .deviceGone(node: info.node, name: info.name) }
            throw .system(operation: "opening", node: info.node, errno: error)
        }
    }

    /// Takes a device plugged in (when the selection follows hot-plug and picks it) or drops
    /// one unplugged, with a notice; other changes are ignored.
    public func handle(_ change: DeviceChange) {
        if case .appeared = change, !selection.followsHotPlug { return }
        let line: String? = state.withLock { state in
            switch change {
            case .disappeared(let node):
                guard let index = state.devices.firstIndex(where: { $0.info.node == node }) else { return nil }
                return drop(state.devices.remove(at: index))
            case .appeared(let node):
                guard selection == .all || state.devices.isEmpty,
                    !state.devices.contains(where: { $0.info.node == node }),
                    let info = discovery.describe(node), !selection.pick(from: [info]).isEmpty,
                    let device = try? open(info)
                else { return nil }
                state.devices.append(device)
                return "\(node) (\(info.name)) plugged in: it will rumble too"
            }
        }
        if let line { notice(line) }
    }

    /// Closes a device that went away; the notice to give once the lock is released.
    private func drop(_ device: OpenDevice) -> String {
        system.close(device.node.fd)
        return "\(device.info.node) (\(device.info.name)) was unplugged; dropped it"
    }
}
