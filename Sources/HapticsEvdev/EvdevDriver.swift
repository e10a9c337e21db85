import CEvdev
import Glibc
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
/// - `stop()` writes a stop and erases the effect; `close()` also closes the devices.
public final class EvdevDriver: HapticDriver {
    private struct OpenDevice {
        var info: EvdevDeviceInfo
        var fd: Int32
        var effectID: Int16 = -1
        var isPlaying = false
        var gain: Double?
        /// How frames become waveforms, on a haptic touchpad (set once its effect is uploaded).
        var touchpad: TouchpadWaveforms?
        /// The amplitude steps of the device's profile, found once when it is opened.
        var steps: AmplitudeSteps
    }

    private struct State {
        var devices: [OpenDevice] = []
        var watcher: DeviceWatcher?
        var isWatching = false
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

    /// Plays the frame on every device.
    public func apply(_ frame: RumbleFrame) throws {
        var notices: [String] = []
        let (unplugged, failure) = try state.withLock { state throws(EvdevError) in
            if !isReady(state) { try prepare(&state) }
            for index in state.devices.indices {
                do throws(Errno) {
                    try play(frame, on: &state.devices[index], notices: &notices)
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
                failure = failure ?? describe(error, on: state.devices[index], operation: "playing")
            }
        }
        note(error, at: index)
        for next in state.devices.indices.dropFirst(index + 1) {
            do throws(Errno) {
                try play(frame, on: &state.devices[next], notices: &notices)
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
                    try silence(&state.devices[index], erase: true)
                } catch  where !error.meansDeviceGone {
                    failure = failure ?? describe(error, on: state.devices[index], operation: "stopping")
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
                try? silence(&device, erase: true)
                system.close(device.fd)
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
        for index in state.devices.indices where state.devices[index].effectID < 0 {
            if state.devices[index].info.capabilities.isHapticTouchpad {
                try prepareTouchpad(&state.devices[index])
                continue
            }
            do throws(Errno) {
                try upload(strong: 0, weak: 0, duration: .zero, to: &state.devices[index])
                try setGain(1, on: &state.devices[index])
            } catch {
                throw describe(error, on: state.devices[index], operation: "uploading an effect")
            }
        }
    }

    /// Whether `prepare` has nothing to do: the devices open with their effects uploaded, and
    /// the watcher started where the selection follows hot-plug. Asked on every frame, so it
    /// answers without a call into `prepare`.
    private func isReady(_ state: State) -> Bool {
        !state.devices.isEmpty && state.devices.allSatisfy { $0.effectID >= 0 }
            && (state.isWatching || !watchesHotPlug || !selection.followsHotPlug)
    }

    private func open(_ info: EvdevDeviceInfo) throws(EvdevError) -> OpenDevice {
        do {
            let fd = try system.open(info.node, .readWrite)
            return OpenDevice(info: info, fd: fd, steps: info.profile.steps)
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
        system.close(device.fd)
        return "\(device.info.node) (\(device.info.name)) was unplugged; dropped it"
    }

    // MARK: - Playing

    private func play(_ frame: RumbleFrame, on device: inout OpenDevice, notices: inout [String]) throws(Errno) {
        if device.touchpad != nil {
            try playTouchpad(frame, on: &device, notices: &notices)
            return
        }
        guard !frame.isSilent else {
            try silence(&device, erase: false)
            return
        }
        var strong = frame.strong
        var weak = frame.weak
        if device.info.capabilities.hasGain {
            try setGain(frame.gain, on: &device)
        } else {
            strong = frame.scaledStrong
            weak = frame.scaledWeak
        }
        try upload(strong: strong, weak: weak, duration: frame.duration, to: &device)
        try system.play(device.fd, effect: device.effectID, true)
        device.isPlaying = true
    }

    /// Sends `gain` to a device with `FF_GAIN` when it differs from what the device has.
    private func setGain(_ gain: Double, on device: inout OpenDevice) throws(Errno) {
        guard device.info.capabilities.hasGain, device.gain != gain else { return }
        try system.setGain(device.fd, magnitude: RumbleEffect.magnitude(gain))
        device.gain = gain
    }

    private func upload(strong: Double, weak: Double, duration: Duration, to device: inout OpenDevice) throws(Errno) {
        var effect =
            device.info.capabilities.prefersPeriodic
            ? RumbleEffect.periodic(strong: strong, weak: weak, duration: duration, id: device.effectID)
            : RumbleEffect.rumble(strong: strong, weak: weak, duration: duration, id: device.effectID, steps: device.steps)
        try system.upload(device.fd, &effect)
        device.effectID = effect.id
    }

    /// Uploads a silent click to hold the touchpad's slot and tries each continuous waveform
    /// in place, keeping the first the pad takes: an `EINVAL` is a waveform it does not list.
    /// On a kernel without `FF_HAPTIC`, the click's `EINVAL` fails with the kernel's release.
    private func prepareTouchpad(_ device: inout OpenDevice) throws(EvdevError) {
        do throws(Errno) {
            try uploadHaptic(.click, intensity: 0, duration: .zero, to: &device)
        } catch {
            let kernel = system.kernelRelease()
            if error == Errno(EINVAL), !Self.hasHaptic(kernel: kernel) {
                throw .hapticNeedsNewerKernel(node: device.info.node, name: device.info.name, kernel: kernel)
            }
            throw describe(error, on: device, operation: "uploading a click")
        }
        var continuous: HapticWaveform?
        do throws(Errno) {
            for waveform in HapticWaveform.continuous where continuous == nil {
                do throws(Errno) {
                    try uploadHaptic(waveform, intensity: 0, duration: .zero, to: &device)
                    continuous = waveform
                } catch  where error == Errno(EINVAL) {}
            }
            if continuous != nil { try uploadHaptic(.click, intensity: 0, duration: .zero, to: &device) }
        } catch {
            throw describe(error, on: device, operation: "uploading a waveform")
        }
        device.touchpad = TouchpadWaveforms(continuous: continuous)
    }

    private func playTouchpad(_ frame: RumbleFrame, on device: inout OpenDevice, notices: inout [String]) throws(Errno) {
        guard var touchpad = device.touchpad else { return }
        let steps = touchpad.next(frame)
        device.touchpad = touchpad
        for step in steps {
            switch step {
            case .play(let waveform, let intensity, let duration):
                try uploadHaptic(waveform, intensity: intensity, duration: duration, to: &device)
                try system.play(device.fd, effect: device.effectID, true)
                device.isPlaying = true
            case .stop:
                try system.play(device.fd, effect: device.effectID, false)
                device.isPlaying = false
            case .leftOut:
                notices.append(
                    "\(device.info.node) (\(device.info.name)) lists no continuous waveform: the pattern's continuous parts are left out"
                )
            }
        }
    }

    private func uploadHaptic(_ waveform: HapticWaveform, intensity: UInt16, duration: Duration, to device: inout OpenDevice)
        throws(Errno)
    {
        var effect = RumbleEffect.haptic(waveform, intensity: intensity, duration: duration, id: device.effectID)
        try system.upload(device.fd, &effect)
        device.effectID = effect.id
    }

    /// Whether a kernel release (`uname -r`) is at least the first with `FF_HAPTIC`; an
    /// unreadable release counts as new enough.
    static func hasHaptic(kernel release: String) -> Bool {
        let numbers = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard numbers.count == 2 else { return true }
        return (numbers[0], numbers[1]) >= EvdevError.hapticKernel
    }

    private func silence(_ device: inout OpenDevice, erase: Bool) throws(Errno) {
        if var touchpad = device.touchpad {
            _ = touchpad.end()
            device.touchpad = touchpad
        }
        if device.isPlaying, device.effectID >= 0 {
            try system.play(device.fd, effect: device.effectID, false)
        }
        device.isPlaying = false
        if erase, device.effectID >= 0 {
            let (fd, id) = (device.fd, device.effectID)
            device.effectID = -1
            try system.erase(fd, id)
        }
    }

    private func describe(_ error: Errno, on device: OpenDevice, operation: String) -> EvdevError {
        switch error {
        case _ where error.meansNoSpace:
            .noFreeEffectSlot(node: device.info.node, name: device.info.name, slots: device.info.capabilities.effectSlots)
        case _ where error.meansAccessDenied: .permissionDenied(node: device.info.node)
        case _ where error.meansDeviceGone: .deviceGone(node: device.info.node, name: device.info.name)
        default: .system(operation: operation, node: device.info.node, errno: error)
        }
    }
}
