public import HapticsEvdev
public import HapticsModel
import HapticsPlatform
import Synchronization

/// Plays frames on the DualSense's voice coils over USB audio: each frame as a waveform
/// (`WaveformSynthesizer`, the actuators' sharpness as frequency) on channels 3 and 4 of the
/// pad's ALSA card, silence on 1 and 2.
///
/// - Pads: `selection` picks among the pads as the evdev driver does (`auto` among those with
///   a card); each must have a USB audio card beside its HID device (`SoundCardDiscovery`):
///   a pad over Bluetooth has none (its voice coils play through hidraw).
/// - Locality: the handles of `locality` play (`left-handle` on the left actuator only);
///   a locality without a handle fails with `localityUnavailable`.
/// - Timing: the frame applied plays from the next sample not yet written, written up to its
///   end and kept 6 ms (`PCMSettings.writeAheadFrames`) ahead of the hardware by a feeder
///   thread waking every period (2 ms); a next frame applied on time thus follows it sample
///   for sample. After an idle spell the first samples go one period ahead of the hardware
///   (`PCMStream.queuedFrames`), so a frame starts within about 2 ms of `apply` (plus the
///   USB frame of 1 ms). A late next frame finds the last one held (at most 50 ms), a silent
///   one ramps the actuators to rest in 3 ms, and the feeder stops once they rest.
/// - `stop()` and `close()` drop what is queued (never drain): the actuators fall silent at
///   once. A process killed with `kill -9` loses its PCM, and the kernel stops the stream.
public final class AudioDriver: HapticDriver {
    /// A pad played on: its stream, and what it plays next.
    private struct Pad {
        let device: EvdevDeviceInfo
        let stream: PCMStream
        var feed: VoiceCoilFeed
    }

    private struct State {
        var pads: [Pad] = []
        var isPrepared = false
        var isFeeding = false
    }

    /// Which pads are driven.
    public let selection: DeviceSelection
    /// Where on the pads the frames play.
    public let locality: Locality
    /// How each pad's PCM is opened.
    public let settings: PCMSettings
    private let listDevices: @Sendable () -> [EvdevDeviceInfo]
    private let discovery: SoundCardDiscovery
    private let system: SoundSystem
    private let startFeeder: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let notice: @Sendable (String) -> Void
    private let state = Mutex(State())

    /// Creates a driver for the pads `selection` picks in `directory`, playing at `locality`.
    /// `notice` hears about what failed while the feeder wrote on its own (one line each).
    public convenience init(
        selection: DeviceSelection = .auto, locality: Locality = .all, directory: String = "/dev/input",
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        let devices = DeviceDiscovery(directory: directory)
        self.init(
            selection: selection, locality: locality, settings: .dualSense, devices: { devices.devices() },
            discovery: SoundCardDiscovery(), system: .live,
            startFeeder: { startDetachedThread(named: "haptics-audio", running: $0) }, notice: notice)
    }

    init(
        selection: DeviceSelection, locality: Locality, settings: PCMSettings, devices: @escaping @Sendable () -> [EvdevDeviceInfo],
        discovery: SoundCardDiscovery, system: SoundSystem, startFeeder: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        notice: @escaping @Sendable (String) -> Void
    ) {
        self.selection = selection
        self.locality = locality
        self.settings = settings
        self.listDevices = devices
        self.discovery = discovery
        self.system = system
        self.startFeeder = startFeeder
        self.notice = notice
    }

    deinit {
        close()
    }

    /// The profile frames are rendered with: the voice coils' (`dualsense-voice-coils`).
    public var renderProfile: PadProfile { .dualSenseVoiceCoils }

    /// The pads being driven and their cards, once prepared.
    public var cards: [(pad: EvdevDeviceInfo, card: SoundCard)] {
        state.withLock { $0.pads.map { ($0.device, $0.stream.card) } }
    }

    /// Finds the pads and their cards and opens each card's PCM; cheap when they are open.
    ///
    /// - Throws: `AudioError`: no pad, a locality without a handle, a pad without a card (over
    ///   Bluetooth), a busy card (naming who holds it), no permission, settings refused.
    public func prepare() throws {
        if state.withLock({ $0.isPrepared }) { return }
        var opened: [Pad] = []
        do {
            for (device, card) in try choosePads() {
                let stream = PCMStream(card: card, settings: settings, discovery: discovery, system: system)
                opened.append(Pad(device: device, stream: stream, feed: VoiceCoilFeed(sampleRate: settings.rate)))
                try stream.open()
            }
        } catch {
            for pad in opened { pad.stream.close() }
            throw error
        }
        let unused = state.withLock { state -> [Pad] in
            guard !state.isPrepared else { return opened }
            state.pads = opened
            state.isPrepared = true
            return []
        }
        for pad in unused { pad.stream.close() }
    }

    /// Plays the frame on every pad from the next sample on, preparing first if needed, and
    /// starts the feeder that keeps the PCM fed while it sounds.
    public func apply(_ frame: RumbleFrame) throws {
        try prepare()
        let wave = WaveformFrame(frame, at: locality, split: RenderSettings(pad: renderProfile).split)
        let start = try state.withLock { (state) throws(AudioError) -> Bool in
            for index in state.pads.indices {
                state.pads[index].feed.play(wave)
                try feed(&state.pads[index])
            }
            guard !state.isFeeding, state.pads.contains(where: { !$0.feed.isIdle }) else { return false }
            state.isFeeding = true
            return true
        }
        if start { startFeeder { [weak self] in self?.runFeeder() } }
    }

    /// Silences the actuators at once: drops what is queued.
    public func stop() {
        state.withLock { state in
            for index in state.pads.indices {
                state.pads[index].feed = VoiceCoilFeed(sampleRate: settings.rate)
                state.pads[index].stream.stop()
            }
        }
    }

    /// Drops what is queued and closes the PCMs; a later `prepare` or `apply` opens them
    /// again.
    public func close() {
        let pads = state.withLock { state -> [Pad] in
            defer {
                state.pads = []
                state.isPrepared = false
            }
            return state.pads
        }
        for pad in pads { pad.stream.close() }
    }

    /// Tops up one pad's queue to the write-ahead: the frame's samples, held past its end only
    /// when the queue is down to its lead (the next frame is late).
    private func feed(_ pad: inout Pad) throws(AudioError) {
        let queued = try pad.stream.queuedFrames()
        let wanted = settings.writeAheadFrames - queued
        guard wanted > 0 else { return }
        let (left, right) = pad.feed.next(wanted, hold: queued <= settings.leadFrames)
        guard !left.isEmpty else { return }
        try pad.stream.write(left: left, right: right)
    }

    /// Every period, tops up each pad's queue, until every pad rests (or none is left); a pad
    /// whose PCM fails stops playing, with a notice.
    func runFeeder() {
        while true {
            system.sleep(.microseconds(settings.periodFrames * 1_000_000 / settings.rate))
            let (running, failures) = feedOnce()
            for failure in failures { notice("\(failure)") }
            if !running { return }
        }
    }

    /// One round of the feeder: whether it keeps running, and the failures to tell.
    func feedOnce() -> (running: Bool, failures: [AudioError]) {
        state.withLock { state in
            var failures: [AudioError] = []
            for index in state.pads.indices where !state.pads[index].feed.isIdle {
                do throws(AudioError) {
                    try feed(&state.pads[index])
                } catch {
                    state.pads[index].feed = VoiceCoilFeed(sampleRate: settings.rate)
                    failures.append(error)
                }
            }
            state.isFeeding = state.pads.contains { !$0.feed.isIdle }
            return (state.isFeeding, failures)
        }
    }

    /// The pads `selection` picks with their cards. `auto` picks among the pads that have a
    /// card (where one has), so a pad without one listed first does not hide one that has.
    private func choosePads() throws(AudioError) -> [(EvdevDeviceInfo, SoundCard)] {
        let devices = listDevices()
        let cards = devices.map { discovery.card(forEventNode: $0.node) }
        let withCards = zip(devices, cards).filter { $0.1 != nil }.map(\.0)
        let picked = selection.pick(from: selection == .auto && !withCards.isEmpty ? withCards : devices)
        guard let first = picked.first else { throw .noPad(selection: selection) }
        guard !locality.parts.isDisjoint(with: PadPart.handles) else {
            throw .localityUnavailable(locality: locality, name: first.name)
        }
        var chosen: [(EvdevDeviceInfo, SoundCard)] = []
        for device in picked {
            if let card = devices.firstIndex(of: device).flatMap({ cards[$0] }) { chosen.append((device, card)) }
        }
        guard !chosen.isEmpty else { throw .noCard(name: first.name, isBluetooth: first.capabilities.bus == 0x05) }
        return chosen
    }
}
