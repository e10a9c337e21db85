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
/// - Timing: the frame applied plays from the next sample not yet written: `apply` writes it
///   whole (up to 126 ms, `PCMSettings.applyAheadFrames`), and a feeder thread, woken by the
///   PCM's period interrupts (every 2 ms), keeps a longer one 32 ms ahead
///   (`writeAheadFrames`); a next frame applied on time thus follows it sample for sample.
///   After an idle spell the stream has stopped, and the first samples start it (`PCMStream`),
///   so a frame starts as soon as the USB transfers carry it (1 ms frames). A late next
///   frame finds the last one held (at most 50 ms), a silent one ramps the actuators to rest
///   in 3 ms, then 32 ms of silence follow and the feeder stops; the stream stops when its
///   queue runs dry.
/// - `stop()` drops what sounds (never drains): the actuators fall silent at once. Samples are
///   made outside the driver's lock, so `stop` never waits for them, and those made from a
///   feed that `stop` (or a newer frame) replaced meanwhile are not written. `close()`
///   lets the end of a pattern that has come to rest be heard (at most 100 ms), then drops.
///   A process killed with `kill -9` loses its PCM, and the kernel stops the stream.
/// - Sharing: with `releasesIdleCard`, the PCMs are closed once `prepare` has opened them and
///   whenever every pad has come to rest and what was written has been heard, so another
///   engine or process can play on the card between feedbacks; the next frame opens them
///   again.
/// - Rumble emulation: before a pad's stream starts from rest, `handBack` is called with the
///   pad (outside the driver's lock), to hand its voice coils back from the rumble emulation
///   that evdev rumble switches on (`DualSenseCoilHandBack`, through the pad's hidraw node).
public final class AudioDriver: HapticDriver {
    /// A pad played on: its stream, what it plays next, and the silence to write once that
    /// has come to rest (32 ms: the stream stops when its queue runs dry, dropping the USB
    /// transfers under way, so what they hold then is silence, not the end of the ramp).
    private struct Pad {
        let device: EvdevDeviceInfo
        let stream: PCMStream
        var feed: VoiceCoilFeed
        var silenceOwed = 0
        /// Counts the changes to `feed` and `silenceOwed`: samples made from them outside the
        /// lock (a `Batch`) are written only if no change came meanwhile.
        var generation = 0
        /// Whether `handBack` was called since the pad last came to rest.
        var isHandedBack = false

        /// Whether nothing is left to write.
        var isResting: Bool { feed.isIdle && silenceOwed == 0 }
    }

    private struct State {
        var pads: [Pad] = []
        var isPrepared = false
        var isFeeding = false
        /// The `apply` calls making their samples: the feeder leaves the pads to them.
        var applying = 0
    }

    /// Which pads are driven.
    public let selection: DeviceSelection
    /// Where on the pads the frames play.
    public let locality: Locality
    /// How each pad's PCM is opened.
    public let settings: PCMSettings
    /// Whether the PCMs are closed while every pad rests (hapticsd's drivers, which several
    /// engines share the card with); a command playing once keeps them open.
    public let releasesIdleCard: Bool
    private let listDevices: @Sendable () -> [EvdevDeviceInfo]
    private let discovery: SoundCardDiscovery
    private let system: SoundSystem
    private let startFeeder: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let notice: @Sendable (String) -> Void
    private let handBack: @Sendable (EvdevDeviceInfo) -> Void
    private let state = Mutex(State())

    /// Creates a driver for the pads `selection` picks in `directory`, playing at `locality`.
    /// `notice` hears about what failed while the feeder wrote on its own (one line each);
    /// `handBack` is called with a pad before its stream starts from rest; `releasesIdleCard`
    /// closes the PCMs while every pad rests.
    public convenience init(
        selection: DeviceSelection = .auto, locality: Locality = .all, directory: String = "/dev/input",
        notice: @escaping @Sendable (String) -> Void = { _ in }, handBack: @escaping @Sendable (EvdevDeviceInfo) -> Void = { _ in },
        releasesIdleCard: Bool = false
    ) {
        let devices = DeviceDiscovery(directory: directory)
        self.init(
            selection: selection, locality: locality, settings: .dualSense, releasesIdleCard: releasesIdleCard,
            devices: { devices.devices() },
            discovery: SoundCardDiscovery(), system: .live,
            startFeeder: { startDetachedThread(named: "haptics-audio", running: $0) }, notice: notice, handBack: handBack)
    }

    init(
        selection: DeviceSelection, locality: Locality, settings: PCMSettings, releasesIdleCard: Bool = false,
        devices: @escaping @Sendable () -> [EvdevDeviceInfo],
        discovery: SoundCardDiscovery, system: SoundSystem, startFeeder: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        notice: @escaping @Sendable (String) -> Void, handBack: @escaping @Sendable (EvdevDeviceInfo) -> Void = { _ in }
    ) {
        self.selection = selection
        self.locality = locality
        self.settings = settings
        self.releasesIdleCard = releasesIdleCard
        self.listDevices = devices
        self.discovery = discovery
        self.system = system
        self.startFeeder = startFeeder
        self.notice = notice
        self.handBack = handBack
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
            return releasesIdleCard ? opened : []
        }
        for pad in unused { pad.stream.close() }
    }

    /// Plays the frame on every pad from the next sample on, preparing first if needed, and
    /// starts the feeder that keeps the PCM fed while it sounds. A sounding frame first hands
    /// back the voice coils of the pads that rest (`handBack`).
    public func apply(_ frame: RumbleFrame) throws {
        try apply(frame, at: locality)
    }

    /// Plays the frame as `apply(_:)` does, at `locality` rather than the driver's: the
    /// engines that share one driver (one stream per card) each play their own locality.
    package func apply(_ frame: RumbleFrame, at locality: Locality) throws {
        try prepare()
        let wave = WaveformFrame(frame, at: locality, split: RenderSettings(pad: renderProfile).split)
        if wave.left.amplitude > 0 || wave.right.amplitude > 0 {
            let starting = state.withLock { state -> [EvdevDeviceInfo] in
                guard state.pads.contains(where: { !$0.isHandedBack }) else { return [] }
                return state.pads.indices.filter { !state.pads[$0].isHandedBack }.map { index in
                    state.pads[index].isHandedBack = true
                    return state.pads[index].device
                }
            }
            for device in starting { handBack(device) }
        }
        var round = try state.withLock { (state) throws(AudioError) -> WriteRound in
            for index in state.pads.indices {
                state.pads[index].feed.play(wave)
                state.pads[index].silenceOwed = settings.writeAheadFrames
                state.pads[index].generation &+= 1
            }
            var round = WriteRound()
            for index in state.pads.indices {
                if let batch = try plan(state.pads[index], at: index, ahead: settings.applyAheadFrames, holding: false) {
                    round.batches.append(batch)
                }
            }
            state.applying += 1
            return round
        }
        round.synthesize()
        let start = try state.withLock { (state) throws(AudioError) -> Bool in
            state.applying -= 1
            for batch in round.batches { try write(batch, into: &state) }
            guard !state.isFeeding, state.pads.contains(where: { !$0.isResting }) else { return false }
            state.isFeeding = true
            return true
        }
        if start { startFeeder { [weak self] in self?.runFeeder() } }
    }

    /// Silences the actuators at once: drops what is queued on every pad that sounds. A pad
    /// whose last frame has ended in rest keeps its queue, the end of that frame's ramp to
    /// silence (a few milliseconds), so the end of a pattern is not cut off.
    public func stop() {
        state.withLock { state in
            for index in state.pads.indices where !state.pads[index].feed.isIdle {
                forget(&state.pads[index])
                state.pads[index].isHandedBack = false
                state.pads[index].stream.stop()
            }
        }
    }

    /// Closes the PCMs, dropping what is queued; a later `prepare` or `apply` opens them
    /// again. Where every pad has come to rest, what was written is first let be heard (at
    /// most `longestTail`): closing drops it, and it holds the end of the last frame's ramp.
    public func close() {
        let pads = state.withLock { state -> [Pad] in
            defer {
                state.pads = []
                state.isPrepared = false
            }
            return state.pads
        }
        if pads.allSatisfy(\.feed.isIdle) { waitUntilHeard(pads.map(\.stream)) }
        for pad in pads { pad.stream.close() }
    }

    /// Waits until what `streams` were written has been heard (the longest delay the PCMs
    /// report, and `deviceMargin`), at most `longestTail`.
    private func waitUntilHeard(_ streams: [PCMStream]) {
        guard let unheard = streams.map({ $0.unheardFrames() }).max(), unheard > 0 else { return }
        let heard = Duration.microseconds(unheard * 1_000_000 / settings.rate) + Self.deviceMargin
        system.sleep(min(heard, Self.longestTail))
    }

    /// The longest `close` (and the release of an idle card) waits for what was written to be
    /// heard.
    static let longestTail = Duration.milliseconds(100)
    /// What `close` waits beyond the delay the PCM reports, for the USB transfers the
    /// device has yet to take (the delay counts them as the host schedules them).
    static let deviceMargin = Duration.milliseconds(20)

    /// What tops up the queue of the pad at `index` to `ahead` frames, to be made outside the
    /// lock: the frame's samples, held past its end only when `holding` and the queue is down
    /// to its lead (the next frame is late), then, once at rest, the silence owed; `nil` when
    /// the queue is full.
    private func plan(_ pad: Pad, at index: Int, ahead: Int, holding: Bool) throws(AudioError) -> Batch? {
        let queued = try pad.stream.queuedFrames()
        guard ahead > queued else { return nil }
        return Batch(
            index: index, stream: pad.stream, generation: pad.generation, feed: pad.feed, silenceOwed: pad.silenceOwed,
            wanted: ahead - queued, holding: holding && queued <= settings.leadFrames)
    }

    /// Writes a batch to its pad, unless the pad's feed changed since it was planned (`stop`,
    /// a newer frame, `close`), and keeps the feed it was made with. Returns whether it wrote.
    @discardableResult
    private func write(_ batch: Batch, into state: inout State) throws(AudioError) -> Bool {
        guard state.pads.indices.contains(batch.index), state.pads[batch.index].stream === batch.stream,
            state.pads[batch.index].generation == batch.generation
        else { return false }
        state.pads[batch.index].feed = batch.feed
        state.pads[batch.index].silenceOwed = batch.silenceOwed
        state.pads[batch.index].generation &+= 1
        guard !batch.left.isEmpty else { return false }
        try batch.stream.write(left: batch.left, right: batch.right)
        return true
    }

    /// Every period, tops up each pad's queue, until every pad rests (or none is left); a pad
    /// whose PCM fails stops playing, with a notice. The feeder waits on the first sounding
    /// pad's PCM, woken by its period interrupts, which keep the device's pace where a timer
    /// may wake late (a loaded or virtual machine); it sleeps a period when no pad has
    /// samples to write (the next frame is due).
    func runFeeder() {
        let period = Duration.microseconds(settings.periodFrames * 1_000_000 / settings.rate)
        var pacing: PCMStream?
        while true {
            if let pacing { pacing.waitForRoom(timeout: period * 4) } else { system.sleep(period) }
            let (running, failures, paced) = feedOnce()
            for failure in failures { notice("\(failure)") }
            if !running { break }
            pacing = paced
        }
        if releasesIdleCard { releaseWhenHeard() }
    }

    /// Closes the PCMs once what was written has been heard (at most `longestTail`), unless
    /// a frame came meanwhile.
    private func releaseWhenHeard() {
        waitUntilHeard(state.withLock { $0.pads.map(\.stream) })
        state.withLock { state in
            guard !state.isFeeding, state.pads.allSatisfy(\.isResting) else { return }
            for pad in state.pads { pad.stream.close() }
        }
    }

    /// One round of the feeder: whether it keeps running, the failures to tell, and the
    /// stream of the first pad that took samples, to wait on. It plans under the lock, makes
    /// the samples outside it, and writes under it.
    func feedOnce() -> (running: Bool, failures: [AudioError], paced: PCMStream?) {
        var round = planRound()
        round.synthesize()
        return finish(round)
    }

    /// The batches topping up every sounding pad's queue to `writeAheadFrames`; none while an
    /// `apply` makes its samples (it writes what falls due). A pad whose PCM fails is forgotten.
    func planRound() -> WriteRound {
        state.withLock { state in
            var round = WriteRound()
            guard state.applying == 0 else { return round }
            for index in state.pads.indices where !state.pads[index].isResting {
                do throws(AudioError) {
                    if let batch = try plan(state.pads[index], at: index, ahead: settings.writeAheadFrames, holding: true) {
                        round.batches.append(batch)
                    }
                } catch {
                    forget(&state.pads[index])
                    round.failures.append(error)
                }
            }
            return round
        }
    }

    /// Writes a round's batches (those still current) and sees whether the feeder keeps running.
    func finish(_ round: WriteRound) -> (running: Bool, failures: [AudioError], paced: PCMStream?) {
        state.withLock { state in
            var failures = round.failures
            var paced: PCMStream?
            for batch in round.batches {
                do throws(AudioError) {
                    if try write(batch, into: &state) { paced = paced ?? batch.stream }
                } catch {
                    forget(&state.pads[batch.index])
                    failures.append(error)
                }
            }
            for index in state.pads.indices where state.pads[index].isResting {
                state.pads[index].isHandedBack = false
            }
            state.isFeeding = state.pads.contains { !$0.isResting }
            return (state.isFeeding, failures, paced)
        }
    }

    /// Forgets what a pad was to play (stopped, or its PCM failed): its feed rests, and the
    /// samples made from the one before are not written.
    private func forget(_ pad: inout Pad) {
        pad.feed = VoiceCoilFeed(sampleRate: settings.rate)
        pad.silenceOwed = 0
        pad.generation &+= 1
    }

    /// The pads `selection` picks with their cards.
    private func choosePads() throws(AudioError) -> [(EvdevDeviceInfo, SoundCard)] {
        try Self.pads(selectedBy: selection, at: locality, among: listDevices(), discovery: discovery)
    }

    /// The pads `selection` picks among `devices`, with their cards (`discovery` finds them),
    /// to play at `locality`. `auto` picks among the pads that have a card (where one has), so
    /// a pad without one listed first does not hide one that has.
    ///
    /// - Throws: `AudioError`: no pad, a locality without a handle, no card (over Bluetooth).
    package static func pads(
        selectedBy selection: DeviceSelection, at locality: Locality, among devices: [EvdevDeviceInfo], discovery: SoundCardDiscovery
    ) throws(AudioError) -> [(EvdevDeviceInfo, SoundCard)] {
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
