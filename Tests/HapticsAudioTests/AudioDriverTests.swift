import HapticsEvdev
import HapticsModel
import Synchronization
import Testing

@testable import HapticsAudio

@Suite struct AudioDriverTests {
    /// How often the driver started its feeder.
    final class Starts: Sendable {
        let count = Mutex(0)
    }

    /// The pads handed back, each with how many sound calls came before.
    final class HandBacks: Sendable {
        let calls = Mutex<[(node: String, soundCallsBefore: Int)]>([])
    }

    private static func pad(_ node: String = "/dev/input/event5", bus: UInt16 = 0x03) -> EvdevDeviceInfo {
        let capabilities = DeviceCapabilities(
            name: "Sony Interactive Entertainment DualSense Wireless Controller", vendor: 0x054c, product: 0x0ce6, bus: bus,
            hasRumble: true, hasPeriodic: false, hasGain: false, isGamepad: true, effectSlots: 16)
        return EvdevDeviceInfo(node: node, capabilities: capabilities, isWritable: true)
    }

    /// A driver over the fake tree, its feeder's starts counted rather than run.
    private func driver(
        _ fake: FakeSoundSystem, pads: [EvdevDeviceInfo] = [pad()], selection: DeviceSelection = .auto, locality: Locality = .all,
        starts: Starts = Starts(), handBacks: HandBacks = HandBacks(), releasesIdleCard: Bool = false
    ) -> AudioDriver {
        AudioDriver(
            selection: selection, locality: locality, settings: .dualSense, releasesIdleCard: releasesIdleCard, devices: { pads },
            discovery: SoundCardDiscovery(sysfs: "/sys", proc: "/proc", devices: "/dev", system: fake.system), system: fake.system,
            startFeeder: { _ in starts.count.withLock { $0 += 1 } }, notice: { _ in },
            handBack: { pad in handBacks.calls.withLock { $0.append((pad.node, fake.calls.count)) } })
    }

    private func written(_ fake: FakeSoundSystem) -> [[Int16]] {
        fake.calls.compactMap { if case .write(let samples) = $0, samples.contains(where: { $0 != 0 }) { samples } else { nil } }
    }

    private let heavy = RumbleFrame(start: .zero, duration: .milliseconds(60), strong: 1, weak: 1)

    @Test func preparingOpensThePlaybackPCMOfThePadsCard() throws {
        let fake = FakeSoundSystem(DualSenseTree.contents)
        let audio = driver(fake)
        try audio.prepare()
        #expect(fake.calls.first == .open("/dev/snd/pcmC1D0p"))
        #expect(audio.cards.map(\.card.alsaName) == ["hw:Controller"])
        #expect(audio.renderProfile == .dualSenseVoiceCoils)
    }

    @Test func aFramePlaysWholeOnChannelsThreeAndFourStartingTheStreamAndTheFeeder() throws {
        let fake = FakeSoundSystem(DualSenseTree.contents)
        let starts = Starts()
        let audio = driver(fake, starts: starts)
        try audio.apply(heavy)
        #expect(fake.calls.contains(.start))
        let samples = try #require(written(fake).first)
        #expect(samples.count == 2880 * 4)
        let channel = { (index: Int) in stride(from: index, to: samples.count, by: 4).map { samples[$0] } }
        #expect(channel(0).allSatisfy { $0 == 0 } && channel(1).allSatisfy { $0 == 0 })
        #expect(channel(2).contains { abs($0) > 10_000 } && channel(2) == channel(3))
        try audio.apply(RumbleFrame(start: .milliseconds(4), duration: .milliseconds(56), strong: 1, weak: 1))
        #expect(starts.count.withLock { $0 } == 1)
    }

    @Test func theVoiceCoilsAreHandedBackBeforeEachStreamStartsFromRest() throws {
        let fake = FakeSoundSystem(DualSenseTree.contents)
        let handBacks = HandBacks()
        let audio = driver(fake, handBacks: handBacks)
        try audio.apply(RumbleFrame(start: .zero, duration: .milliseconds(10), strong: 0, weak: 0))
        #expect(handBacks.calls.withLock { $0.isEmpty })
        try audio.apply(heavy)
        let first = try #require(handBacks.calls.withLock { $0.first })
        #expect(first.node == "/dev/input/event5")
        let soundingBefore = fake.calls.prefix(first.soundCallsBefore).contains {
            if case .write(let samples) = $0 { samples.contains { $0 != 0 } } else { false }
        }
        #expect(!soundingBefore && !written(fake).isEmpty)
        try audio.apply(RumbleFrame(start: .milliseconds(60), duration: .milliseconds(60), strong: 0.5, weak: 0.5))
        #expect(handBacks.calls.withLock { $0.count } == 1)
        audio.stop()
        try audio.apply(heavy)
        #expect(handBacks.calls.withLock { $0.count } == 2)
    }

    @Test(arguments: [false, true])
    func aDriverThatReleasesTheIdleCardClosesItAfterPrepareAndOnceThePadsRest(releases: Bool) throws {
        let fake = FakeSoundSystem(DualSenseTree.contents)
        let audio = driver(fake, releasesIdleCard: releases)
        try audio.prepare()
        #expect(fake.calls.contains(.close) == releases)
        try audio.apply(RumbleFrame(start: .zero, duration: .milliseconds(2), strong: 1, weak: 1))
        try audio.apply(RumbleFrame(start: .milliseconds(2), duration: .zero, strong: 0, weak: 0))
        #expect(fake.calls.filter { $0 == .open("/dev/snd/pcmC1D0p") }.count == (releases ? 2 : 1))
        audio.runFeeder()
        #expect((fake.calls.last == .close) == releases)
        #expect(fake.calls.filter { $0 == .close }.count == (releases ? 2 : 0))
    }

    @Test func theLeftHandlePlaysTheLeftActuatorOnly() throws {
        let fake = FakeSoundSystem(DualSenseTree.contents)
        try driver(fake, locality: .leftHandle).apply(heavy)
        let samples = try #require(written(fake).first)
        #expect(stride(from: 2, to: samples.count, by: 4).contains { samples[$0] != 0 })
        #expect(stride(from: 3, to: samples.count, by: 4).allSatisfy { samples[$0] == 0 })
    }

    @Test func theFeederStopsOnceTheActuatorsRestAndABufferOfSilenceFollows() throws {
        let fake = FakeSoundSystem(DualSenseTree.contents)
        let audio = driver(fake)
        try audio.apply(RumbleFrame(start: .zero, duration: .milliseconds(2), strong: 1, weak: 1))
        try audio.apply(RumbleFrame(start: .milliseconds(2), duration: .zero, strong: 0, weak: 0))
        let rounds = (0..<30).prefix { _ in audio.feedOnce().running }.count
        #expect(rounds < 30)
        let writes = fake.calls.compactMap { if case .write(let samples) = $0 { samples } else { nil } }
        let samples = writes.flatMap { $0 }
        let silence = samples.count - 1 - (samples.lastIndex { $0 != 0 } ?? 0)
        #expect(silence / 4 >= 1536)
    }

    @Test func stopAndCloseDropWhatSoundsNeverDrain() throws {
        let fake = FakeSoundSystem(DualSenseTree.contents)
        let audio = driver(fake)
        try audio.apply(heavy)
        audio.stop()
        #expect(fake.calls.last == .drop)
        #expect(audio.feedOnce().running == false)
        audio.close()
        #expect(fake.calls.suffix(2) == [.drop, .close])
        try audio.apply(heavy)
        audio.close()
        #expect(fake.calls.suffix(2) == [.drop, .close])
        #expect(!fake.calls.suffix(3).contains(.delay))
    }

    /// A driver playing a 1 s frame, and the feeder's round planned to follow it (the fake's
    /// queue stays empty, so the round has samples to make).
    private func feederRoundDuringALongFrame(_ fake: FakeSoundSystem) throws -> (AudioDriver, AudioDriver.WriteRound) {
        let audio = driver(fake)
        try audio.apply(RumbleFrame(start: .zero, duration: .seconds(1), strong: 1, weak: 1))
        return (audio, audio.planRound())
    }

    @Test func samplesMadeBeforeAStopAreNotWrittenAfterIt() throws {
        let fake = FakeSoundSystem(DualSenseTree.contents)
        var (audio, round) = try feederRoundDuringALongFrame(fake)
        audio.stop()
        round.synthesize()
        let calls = fake.calls.count
        #expect(audio.finish(round).running == false)
        #expect(fake.calls.count == calls && fake.calls.last == .drop)
    }

    @Test func samplesMadeOfAFrameAnotherReplacedAreNotWritten() throws {
        let fake = FakeSoundSystem(DualSenseTree.contents)
        var (audio, round) = try feederRoundDuringALongFrame(fake)
        #expect(!round.batches.isEmpty)
        try audio.apply(RumbleFrame(start: .milliseconds(40), duration: .seconds(1), strong: 0.2, weak: 0.2))
        round.synthesize()
        let writes = written(fake).count
        let result = audio.finish(round)
        #expect(result.running && result.paced == nil)
        #expect(written(fake).count == writes)
    }

    @Test func theEndOfAPatternsRampIsHeardBeforeClosing() throws {
        let fake = FakeSoundSystem(DualSenseTree.contents)
        let audio = driver(fake)
        try audio.apply(RumbleFrame(start: .zero, duration: .milliseconds(2), strong: 1, weak: 1))
        try audio.apply(RumbleFrame(start: .milliseconds(2), duration: .zero, strong: 0, weak: 0))
        fake.contents.withLock { $0.queued = 200 }
        let dropped = fake.calls.filter { $0 == .drop }.count
        audio.stop()
        #expect(fake.calls.filter { $0 == .drop }.count == dropped)
        audio.close()
        #expect(fake.calls.suffix(3) == [.delay, .drop, .close])
    }

    @Test func aPadOverBluetoothHasNoCard() {
        let fake = FakeSoundSystem(DualSenseTree.contents)
        let error = #expect(throws: AudioError.self) { try driver(fake, pads: [Self.pad("/dev/input/event9", bus: 0x05)]).prepare() }
        #expect(error == .noCard(name: "Sony Interactive Entertainment DualSense Wireless Controller", isBluetooth: true))
    }

    @Test func autoPicksThePadWithACardOverOneListedFirstWithout() throws {
        let fake = FakeSoundSystem(DualSenseTree.contents)
        let audio = driver(fake, pads: [Self.pad("/dev/input/event9", bus: 0x05), Self.pad()])
        try audio.prepare()
        #expect(audio.cards.map(\.pad.node) == ["/dev/input/event5"])
    }

    @Test func noPadAndATriggerLocalityAreErrors() {
        let fake = FakeSoundSystem(DualSenseTree.contents)
        #expect(
            throws: AudioError.noPad(selection: .name("Wireless")),
            performing: { try driver(fake, pads: [], selection: .name("Wireless")).prepare() })
        let error = #expect(throws: AudioError.self) { try driver(fake, locality: .triggers).prepare() }
        #expect(error == .localityUnavailable(locality: .triggers, name: "Sony Interactive Entertainment DualSense Wireless Controller"))
    }
}
