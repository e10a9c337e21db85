public import HapticsEvdev
public import HapticsModel
import HapticsPlatform
import Synchronization

/// Plays frames on pads through the kernel's hidraw interface, beside the pad's kernel driver.
///
/// - Pads: `selection` picks among the rumble devices as the evdev driver does (`auto` among
///   the pads hidraw drives); each must be a pad whose reports the driver knows
///   (`HidrawPadModel`) with a hidraw node of the same HID device (`HidrawDiscovery`),
///   writable by this user.
/// - Locality: each pad plays the parts of `locality` its reports reach
///   (`HidrawPadModel.parts`); a pad without them fails with `localityUnavailable`.
/// - DualSense: each frame is one output report (0x02, or 0x31 with its sequence and CRC over
///   Bluetooth) with only the valid bits of what it sets: a trigger plays the frame as the
///   vibration mode (`DualSenseTriggerBlock(vibrationOf:)`), a silent frame returns it to the
///   effect `setTriggerEffect` set (off by default); the handles, at a handle locality, get
///   the motor bits and bytes (the kernel's driver may overwrite them with its next report).
///   The pad holds what it is sent, so the driver gives each sounding frame a finite length
///   itself: 50 ms after the frame's end, unless a newer frame came, it sends that silence.
/// - Switch Pro: each frame is one report 0x10 (`SwitchHDRumble`) with the next packet
///   counter; while a frame sounds the driver re-sends it every 50 ms, as hid-nintendo does,
///   until the frame ends (so a stalled player leaves the pad unfed, and it stops).
/// - Xbox over Bluetooth: each frame is one report 3 owning all four motors for the frame's
///   length (at most 2.55 s, so the pad stops by itself). Two reports are never less than
///   50 ms apart: a report due sooner waits on a timer (never on the caller's thread), a newer
///   one replacing it while it waits, so the pad shows the newest levels and the last report,
///   silence, always goes out. `stop` and `close` send all four motors at 0, handing the
///   handles back to the kernel's driver. Its trigger motors play a trigger effect's vibration
///   modes (`TriggerMotorEffect`; the frequency cannot be set, which `notice` says once): while
///   one is set, a thread reads the pad's input reports from its node and each report carries
///   the motors at the levels the triggers' positions give, for 250 ms, sent again every
///   100 ms while it sounds (`XboxBluetoothPad`); `stop`, `close` and setting both triggers
///   off end the thread. The resistance modes fail with `triggerMotorsOnly`.
/// - Every open node gets a guardian (`hidraw_guardian_spawn`) armed with the pad's reset
///   reports while something is set, so a process killed mid-pattern still leaves the pad
///   reset. The kernel erases nothing a hidraw write set: unlike an evdev force-feedback
///   effect, which it erases when its file closes, a trigger effect, an HD Rumble level or a
///   motor level written through hidraw stays on the pad when the writer dies.
/// - Steam Deck and Steam Controller: hid-steam (Linux 7.3) takes the gamepad away from the
///   user while its hidraw node is open, so the driver closes such a pad's node once nothing
///   has played on it for `idleRelease` (nothing set, no wake-up waiting) and opens it again
///   for the next report.
/// - `stop()` silences and resets the trigger effects; `close()` resets everything the driver
///   set, disarms the guardians and closes the nodes.
public final class HidrawDriver: HapticDriver {
    private struct State {
        var pads: [HidrawPad] = []
        var isPrepared = false
        /// The readers of the input of the pads following their triggers, by pad serial.
        var followers: [Int: HidrawInputReader] = [:]
        /// Whether `notice` was told that trigger motors play no frequency.
        var toldFrequency = false
    }

    /// How long a pad whose family `letsGoOfIdleNode` stays open after its last report when
    /// nothing is set and no wake-up waits.
    public static let idleRelease = Duration.milliseconds(500)

    /// Which pads are driven.
    public let selection: DeviceSelection
    /// Where on the pads the frames play.
    public let locality: Locality
    private let listDevices: @Sendable () -> [EvdevDeviceInfo]
    private let discovery: HidrawDiscovery
    private let system: HidrawSystem
    private let notice: @Sendable (String) -> Void
    private let state = Mutex(State())

    /// Creates a driver for the pads `selection` picks in `directory`, playing at `locality`.
    /// `notice` hears about what the driver could not do but plays on without (one line each).
    public convenience init(
        selection: DeviceSelection = .auto, locality: Locality = .all, directory: String = "/dev/input",
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        let discovery = DeviceDiscovery(directory: directory)
        let hidraw = HidrawDiscovery()
        self.init(
            selection: selection, locality: locality, devices: { discovery.devices() + hidraw.hidrawOnlyPads() }, discovery: hidraw,
            system: .live, notice: notice)
    }

    init(
        selection: DeviceSelection, locality: Locality, devices: @escaping @Sendable () -> [EvdevDeviceInfo],
        discovery: HidrawDiscovery, system: HidrawSystem, notice: @escaping @Sendable (String) -> Void
    ) {
        self.selection = selection
        self.locality = locality
        self.listDevices = devices
        self.discovery = discovery
        self.system = system
        self.notice = notice
    }

    /// The pads being driven.
    public var pads: [HidrawPadInfo] { state.withLock { $0.pads.map(\.info) } }

    /// The profile frames for these pads are rendered with, or `nil` before `prepare`:
    /// `switch-pro-hd` for a Switch Pro (HD Rumble), `dualsense-voice-coils` for a DualSense
    /// over Bluetooth playing a handle (its handles play on the voice coils), the pad's own profile for the
    /// others, and `generic` for pads of different kinds.
    public var renderProfile: PadProfile? {
        let profiles = state.withLock { $0.pads.map { $0.info.model.renderProfile(bluetooth: $0.info.isBluetooth, parts: $0.parts) } }
        return PadProfile.common(to: profiles)
    }

    /// Sets the effect of the trigger on `side` of every pad driven with adaptive triggers, and
    /// the vibration modes on the trigger motors of every pad with those, until another effect,
    /// `stop` or `close` (and the guardian, if the process dies).
    ///
    /// - Throws: `invalidTriggerEffect` for a value that is not a number, `triggerMotorsOnly`
    ///   for a resistance mode when the pads driven have trigger motors and none has adaptive
    ///   triggers, `noAdaptiveTriggers` when no pad driven has either, or why the pads cannot
    ///   be opened or written.
    public func setTriggerEffect(_ effect: TriggerEffect, on side: Actuator.Side) throws {
        guard effect.isValid else { throw HidrawError.invalidTriggerEffect(effect) }
        try prepare()
        let motorEffect = TriggerMotorEffect(effect)
        let frequencyNotice = try state.withLock { state throws(HidrawError) -> String? in
            let models = state.pads.map(\.info.model)
            let motorPad = state.pads.first { $0.info.model.hasTriggerMotors }
            guard models.contains(where: \.hasAdaptiveTriggers) || (motorPad != nil && motorEffect != nil) else {
                if let motorPad { throw .triggerMotorsOnly(name: motorPad.info.device.name) }
                throw .noAdaptiveTriggers(name: state.pads.first?.info.device.name ?? "")
            }
            guard let motorPad, motorEffect?.asksForFrequency == true, !state.toldFrequency else { return nil }
            state.toldFrequency = true
            return "\(motorPad.info.device.name) plays trigger vibration on its rumble motors, which take no frequency: "
                + "the frequency asked for is not played"
        }
        try forEachPad { pad throws(HidrawError) in
            if pad.info.model.hasAdaptiveTriggers { return try perform(pad.family.setTriggerEffect(effect, on: side), on: &pad) }
            guard let motorEffect, pad.info.model.hasTriggerMotors else { return nil }
            return try perform(pad.family.setTriggerMotorEffect(motorEffect, on: side, now: system.now()), on: &pad)
        }
        if let frequencyNotice { notice(frequencyNotice) }
        updateFollowers()
    }

    /// A reader of the trigger status of the first adaptive-trigger pad driven, opening the
    /// pads first if needed; the caller starts and closes it.
    ///
    /// - Throws: `noAdaptiveTriggers` when no pad driven has them, or why the pads or the
    ///   reader's node cannot be opened.
    public func triggerStatusReader() throws -> TriggerStatusReader {
        try prepare()
        let pads = state.withLock { $0.pads.map(\.info) }
        guard let pad = pads.first(where: \.model.hasAdaptiveTriggers) else {
            throw HidrawError.noAdaptiveTriggers(name: pads.first?.device.name ?? "")
        }
        return try TriggerStatusReader(pad: pad, system: system)
    }

    /// Opens the pads; cheap when they are open.
    ///
    /// - Throws: `HidrawError`: no pad, a pad hidraw does not drive, no hidraw node, a locality
    ///   the pad lacks, no permission, or a node that cannot be opened.
    public func prepare() throws {
        if state.withLock({ $0.isPrepared }) { return }
        var opened: [HidrawPad] = []
        var notices: [String] = []
        do {
            for (info, parts) in try choosePads() {
                let fd: Int32
                do {
                    fd = try system.openNode(info.node)
                } catch {
                    throw error.meansPermissionDenied
                        ? HidrawError.permissionDenied(node: info.node, name: info.device.name)
                        : HidrawError.cannotOpen(node: info.node, errno: error)
                }
                var pad = HidrawPad(info: info, fd: fd, parts: parts)
                do {
                    pad.guardian = try HidrawGuardian.spawn(for: fd, system: system)
                } catch {
                    notices.append("\(info.node) (\(info.device.name)): no guardian (\(error)): a killed process may leave the pad set")
                }
                opened.append(pad)
            }
        } catch {
            for pad in opened { release(pad) }
            throw error
        }
        let unused = state.withLock { state -> [HidrawPad] in
            guard !state.isPrepared else { return opened }
            state.pads = opened
            state.isPrepared = true
            return []
        }
        for pad in unused { release(pad) }
        for line in notices { notice(line) }
    }

    /// Plays the frame on every pad, preparing first if needed. A pad unplugged meanwhile is
    /// dropped with a notice while the others play on; once none is left, the next call
    /// looks for pads again.
    public func apply(_ frame: RumbleFrame) throws {
        try prepare()
        try forEachPad { pad throws(HidrawError) in try perform(pad.family.play(frame, now: system.now()), on: &pad) }
    }

    /// Silences what the driver plays and turns the trigger effects it set off.
    public func stop() throws {
        defer { updateFollowers() }
        try forEachPad { pad throws(HidrawError) in try perform(pad.family.stop(now: system.now()), on: &pad) }
    }

    /// Runs `body` on every pad under the lock, then starts the timers it asks for and drops
    /// the pads that are gone (`ENODEV`, `ENXIO`, `ENOENT` on a write), outside the lock.
    private func forEachPad(_ body: (inout HidrawPad) throws(HidrawError) -> Timer?) throws(HidrawError) {
        let (timers, gone, failure) = state.withLock { state -> ([Timer], [HidrawPad], HidrawError?) in
            var timers: [Timer] = []
            var gone: [Int] = []
            for index in state.pads.indices {
                do throws(HidrawError) {
                    if let timer = try body(&state.pads[index]) { timers.append(timer) }
                } catch {
                    guard case .writeFailed(_, let errno) = error, errno.meansDeviceGone else { return (timers, [], error) }
                    gone.append(index)
                }
            }
            let removed = gone.reversed().map { state.pads.remove(at: $0) }
            if !removed.isEmpty && state.pads.isEmpty { state.isPrepared = false }
            return (timers, removed, nil)
        }
        start(timers)
        for pad in gone {
            if let guardian = pad.guardian { try? guardian.disarm(system: system) }
            release(pad)
            notice("\(pad.info.node) (\(pad.info.device.name)) is gone")
        }
        if let failure { throw failure }
    }

    /// Resets everything the driver set, disarms the guardians and closes the nodes. A reset
    /// that must wait for the family's spacing (the Xbox's 50 ms) is waited for here.
    public func close() {
        let (pads, followers) = state.withLock { state -> ([HidrawPad], [HidrawInputReader]) in
            defer {
                state.pads = []
                state.isPrepared = false
                state.followers = [:]
            }
            return (state.pads, Array(state.followers.values))
        }
        for follower in followers { follower.close() }
        for pad in pads {
            let resets = pad.family.resetReports
            if !resets.isEmpty, let earliest = pad.family.earliestNextReport {
                system.sleep(earliest - system.now())
            }
            for report in resets {
                guard let fd = pad.fd else { break }
                do throws(Errno) {
                    try system.send(fd, report, asFeature: type(of: pad.family).sendsFeatureReports)
                } catch {
                    notice("\(pad.info.node) (\(pad.info.device.name)): the reset could not be written: \(error)")
                }
            }
            if let guardian = pad.guardian { try? guardian.disarm(system: system) }
            release(pad)
        }
    }

    // MARK: - Choosing and opening

    /// The pads `selection` picks that hidraw drives, with the parts each plays at `locality`.
    /// `auto` picks among the pads hidraw drives (where there is one), so a pad it does not
    /// drive listed first does not hide one it does. Where several pads are picked, those
    /// that cannot play are left out; the first one's reason is the error when none can.
    private func choosePads() throws(HidrawError) -> [(HidrawPadInfo, Set<PadPart>)] {
        let devices = listDevices()
        let driven = devices.filter { HidrawPadModel(profile: $0.profile) != nil }
        let picked = selection.pick(from: selection == .auto && !driven.isEmpty ? driven : devices)
        guard !picked.isEmpty else { throw .noPad(selection: selection) }
        var chosen: [(HidrawPadInfo, Set<PadPart>)] = []
        var firstFailure: HidrawError?
        for device in picked {
            do throws(HidrawError) {
                chosen.append(try choose(device))
            } catch {
                firstFailure = firstFailure ?? error
            }
        }
        guard !chosen.isEmpty else { throw firstFailure ?? .noPad(selection: selection) }
        return chosen
    }

    /// One pad with the parts it plays at `locality`, or why it cannot play.
    private func choose(_ device: EvdevDeviceInfo) throws(HidrawError) -> (HidrawPadInfo, Set<PadPart>) {
        guard let model = HidrawPadModel(profile: device.profile) else {
            throw .unsupportedPad(name: device.name, profile: device.profile.name)
        }
        guard let info = discovery.pad(for: device) else { throw .noHidrawNode(device: device.node, name: device.name) }
        let parts = locality.parts(of: model.parts)
        guard !parts.isEmpty else {
            throw .localityUnavailable(locality: locality, name: device.name, available: Locality.available(on: model.parts))
        }
        guard info.isWritable else { throw .permissionDenied(node: info.node, name: device.name) }
        return (info, parts)
    }

    /// Closes a pad's guardian and node.
    private func release(_ pad: HidrawPad) {
        pad.guardian?.finish(system: system)
        if let fd = pad.fd { system.close(fd) }
    }

    // MARK: - Writing (under the lock)

    /// A wake-up, or an idle check, to start once the lock is released.
    private struct Timer {
        /// The pad's `serial`: a timer outlives a closed pad, never reaches a reopened one.
        var pad: Int
        /// The family's wake-up, or `nil` for the idle check of a pad whose family
        /// `letsGoOfIdleNode`.
        var wake: HidrawPadStep.Wake?
        /// The pad's `writes` when the idle check was set.
        var writes = 0

        /// How long until it fires.
        var delay: Duration { wake?.delay ?? HidrawDriver.idleRelease }
    }

    /// Writes the step's reports, if any, tells the pad's family when the write returned, and
    /// disarms the guardian after reports that leave nothing set; the timer of the step's
    /// wake-up, if any, for the caller to start (or, for a pad whose family `letsGoOfIdleNode`,
    /// the idle check after a report that leaves it idle). The family decided by the clock read under
    /// the lock, and learns the time after the write returned: a thread pre-empted between
    /// reading the clock and writing cannot bring two reports closer than its spacing.
    private func perform(_ step: HidrawPadStep, on pad: inout HidrawPad) throws(HidrawError) -> Timer? {
        if !step.reports.isEmpty {
            for report in step.reports {
                try write(report, to: &pad)
                pad.writes += 1
            }
            pad.family.wrote(step, at: system.now())
            if step.leavesNothingSet { updateGuardian(&pad) }
            if step.wake == nil, type(of: pad.family).letsGoOfIdleNode, pad.family.resetReports.isEmpty {
                return Timer(pad: pad.serial, wake: nil, writes: pad.writes)
            }
        }
        return step.wake.map { Timer(pad: pad.serial, wake: $0) }
    }

    /// Writes one report (opening the node again where the driver had let go of it, with a new
    /// guardian), first arming the pad's guardian with what must then be reset
    /// whenever that changed (so no moment passes with something set and the guardian not
    /// knowing it).
    private func write(_ bytes: [UInt8], to pad: inout HidrawPad) throws(HidrawError) {
        let fd = try reopen(&pad)
        updateGuardian(&pad)
        do throws(Errno) {
            try system.send(fd, bytes, asFeature: type(of: pad.family).sendsFeatureReports)
        } catch {
            throw .writeFailed(node: pad.info.node, errno: error)
        }
    }

    /// The pad's node, opened again (with a new guardian) when the driver had let go of it.
    private func reopen(_ pad: inout HidrawPad) throws(HidrawError) -> Int32 {
        if let fd = pad.fd { return fd }
        let fd: Int32
        do {
            fd = try system.openNode(pad.info.node)
        } catch {
            // A pad unplugged meanwhile is dropped as one whose write fails.
            if error.meansDeviceGone { throw .writeFailed(node: pad.info.node, errno: error) }
            throw error.meansPermissionDenied
                ? HidrawError.permissionDenied(node: pad.info.node, name: pad.info.device.name)
                : HidrawError.cannotOpen(node: pad.info.node, errno: error)
        }
        pad.fd = fd
        pad.guardian = try? HidrawGuardian.spawn(for: fd, system: system)
        pad.armedResets = nil
        return fd
    }

    /// Closes an idle pad's node and guardian when nothing was written to it since `timer`
    /// was set and nothing is set; the pad stays driven, its node opened again for the next
    /// report.
    private func letGo(_ timer: Timer) {
        let idle = state.withLock { state -> HidrawPad? in
            guard let index = state.pads.firstIndex(where: { $0.serial == timer.pad }),
                state.pads[index].writes == timer.writes, state.pads[index].fd != nil, state.pads[index].family.resetReports.isEmpty
            else { return nil }
            let pad = state.pads[index]
            state.pads[index].fd = nil
            state.pads[index].guardian = nil
            state.pads[index].armedResets = nil
            return pad
        }
        guard let idle else { return }
        if let guardian = idle.guardian { try? guardian.disarm(system: system) }
        release(idle)
    }

    /// Hands the guardian the pad's current reset reports when they changed; disarms it when
    /// there are none.
    private func updateGuardian(_ pad: inout HidrawPad) {
        guard let guardian = pad.guardian else { return }
        let resets = pad.family.resetReports
        let wanted: [[UInt8]]? = resets.isEmpty ? nil : resets
        guard wanted != pad.armedResets else { return }
        do throws(Errno) {
            if let wanted {
                try guardian.arm(wanted, asFeatures: type(of: pad.family).sendsFeatureReports, system: system)
            } else {
                try guardian.disarm(system: system)
            }
            pad.armedResets = wanted
        } catch {
            pad.guardian = nil
        }
    }

    // MARK: - Timers

    private func start(_ timers: [Timer]) {
        for timer in timers {
            system.schedule(timer.delay) { [weak self] in self?.fire(timer) }
        }
    }

    private func fire(_ timer: Timer) {
        guard let wake = timer.wake else { return letGo(timer) }
        step(pad: timer.pad) { family, now in family.wake(generation: wake.generation, now: now) }
    }

    /// Runs `body` on the family of the pad with `serial`, if it is still driven, under the
    /// lock, and performs the step it returns; starts its timer and tells `notice` why it failed
    /// outside the lock.
    private func step(pad serial: Int, _ body: (inout any HidrawPadFamily, Duration) -> HidrawPadStep) {
        let result = state.withLock { state -> (next: Timer?, failure: HidrawError?) in
            guard let index = state.pads.firstIndex(where: { $0.serial == serial }) else { return (nil, nil) }
            do throws(HidrawError) {
                let step = body(&state.pads[index].family, system.now())
                return (try perform(step, on: &state.pads[index]), nil)
            } catch {
                return (nil, error)
            }
        }
        if let failure = result.failure { notice("\(failure)") }
        if let next = result.next { start([next]) }
    }

    // MARK: - Following the triggers

    /// Starts reading the input of each pad whose family now follows its triggers, and stops
    /// reading the others'. A node that cannot be opened for reading is told to `notice`: the
    /// triggers then play as if at rest.
    private func updateFollowers() {
        let (wanted, unwanted) = state.withLock { state -> ([HidrawPadInfo], [HidrawInputReader]) in
            let following = Set(state.pads.filter(\.family.followsTriggers).map(\.serial))
            let unwanted = state.followers.filter { !following.contains($0.key) }
            for serial in unwanted.keys { state.followers[serial] = nil }
            let wanted = state.pads.filter { following.contains($0.serial) && state.followers[$0.serial] == nil }
            return (wanted.map(\.info), Array(unwanted.values))
        }
        for reader in unwanted { reader.close() }
        for info in wanted {
            let reader: HidrawInputReader
            do throws(HidrawError) {
                reader = try HidrawInputReader(node: info.node, name: info.device.name, system: system)
            } catch {
                notice("\(error): the trigger motors play as if the triggers were at rest")
                continue
            }
            guard let serial = install(reader, for: info) else {
                reader.close()
                continue
            }
            reader.start { [weak self] report in
                self?.step(pad: serial) { family, now in family.followTriggers(input: report, now: now) }
            }
        }
    }

    /// Keeps `reader` as the follower of the pad `info` names, if that pad is still driven,
    /// still follows its triggers and has none yet: its serial, else `nil`.
    private func install(_ reader: HidrawInputReader, for info: HidrawPadInfo) -> Int? {
        state.withLock { state -> Int? in
            guard let pad = state.pads.first(where: { $0.info.node == info.node }), pad.family.followsTriggers,
                state.followers[pad.serial] == nil
            else { return nil }
            state.followers[pad.serial] = reader
            return pad.serial
        }
    }
}
