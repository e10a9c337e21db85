import Glibc
import HapticsPlatform
import Testing

@testable import HapticsAudio

@Suite struct PCMStreamTests {
    private let card = SoundCard(index: 1, id: "Controller", playbackNode: "/dev/snd/pcmC1D0p")

    private func stream(_ fake: FakeSoundSystem) -> PCMStream {
        let discovery = SoundCardDiscovery(sysfs: "/sys", proc: "/proc", devices: "/dev", system: fake.system)
        return PCMStream(card: card, settings: .dualSense, discovery: discovery, system: fake.system)
    }

    @Test func theDualSenseSettingsAreFourChannelsAt48kHzInPeriodsOfTwoMilliseconds() {
        let settings = PCMSettings.dualSense
        #expect(settings.channels == 4 && settings.rate == 48_000 && settings.leftActuatorChannel == 2)
        #expect(settings.periodFrames == 96 && settings.bufferFrames == 6144)
    }

    @Test func openSetsHardwareThenSoftwareThenPrepares() throws {
        let fake = FakeSoundSystem()
        try stream(fake).open()
        #expect(
            fake.calls == [
                .open("/dev/snd/pcmC1D0p"), .setHardware(.dualSense), .setSoftware(.dualSense), .prepare,
            ])
    }

    @Test func theActuatorsPlayOnChannelsThreeAndFourAndTheOthersAreSilent() throws {
        let fake = FakeSoundSystem()
        let taken = try stream(fake).write(left: [100, 200], right: [-100, -200])
        #expect(taken == 2)
        #expect(fake.calls.contains(.write([0, 0, 100, -100, 0, 0, 200, -200])))
    }

    @Test func theFirstSamplesStartTheStreamAndTheQueueIsReadOnceItRuns() throws {
        var contents = FakeSoundSystem.Contents()
        contents.queued = 200
        let fake = FakeSoundSystem(contents)
        let pcm = stream(fake)
        #expect(try pcm.queuedFrames() == 0)
        try pcm.write(left: [1], right: [1])
        #expect(fake.calls.suffix(2) == [.write([0, 0, 1, 1]), .start])
        #expect(try pcm.queuedFrames() == 200)
        try pcm.write(left: [2], right: [2])
        #expect(fake.calls.last == .write([0, 0, 2, 2]))
    }

    @Test func anUnderrunPreparesTheStreamForTheNextSamplesToStartAfresh() throws {
        let fake = FakeSoundSystem()
        let pcm = stream(fake)
        try pcm.write(left: [1], right: [1])
        fake.contents.withLock { $0.underrun = true }
        #expect(try pcm.queuedFrames() == 0)
        #expect(fake.calls.suffix(2) == [.status, .prepare])
        try pcm.write(left: [2], right: [2])
        #expect(fake.calls.suffix(2) == [.write([0, 0, 2, 2]), .start])
    }

    @Test func aFrameAppliedIsWrittenUpToTheBufferLessOnePeriodALongOneKept32msAhead() {
        #expect(PCMSettings.dualSense.writeAheadFrames == 1536 && PCMSettings.dualSense.applyAheadFrames == 6048)
    }

    @Test func stopDropsAndTheNextWritePreparesAgain() throws {
        let fake = FakeSoundSystem()
        let pcm = stream(fake)
        try pcm.write(left: [1], right: [1])
        pcm.stop()
        #expect(fake.calls.last == .drop)
        try pcm.write(left: [2], right: [2])
        #expect(fake.calls.suffix(3) == [.prepare, .write([0, 0, 2, 2]), .start])
    }

    @Test func closeDropsThenCloses() throws {
        let fake = FakeSoundSystem()
        let pcm = stream(fake)
        try pcm.open()
        pcm.close()
        #expect(fake.calls.suffix(2) == [.drop, .close])
        #expect(!pcm.isOpen)
    }

    @Test func aBusyCardNamesItsHolder() {
        var contents = FakeSoundSystem.Contents()
        contents.openError = Errno(EBUSY)
        contents.files["/proc/asound/card1/pcm0p/sub0/status"] = "owner_pid   : 812\n"
        contents.files["/proc/812/comm"] = "pipewire\n"
        let error = #expect(throws: AudioError.self) { try stream(FakeSoundSystem(contents)).open() }
        #expect(
            error == .busy(card: "hw:Controller", node: "/dev/snd/pcmC1D0p", holder: CardHolder(pid: 812, command: "pipewire")))
        #expect(error?.description == "hw:Controller (/dev/snd/pcmC1D0p) is busy: held by pipewire (pid 812)")
    }

    @Test func refusedSettingsCloseTheNodeAndNameTheRequest() {
        var contents = FakeSoundSystem.Contents()
        contents.hardwareError = Errno(EINVAL)
        let fake = FakeSoundSystem(contents)
        let error = #expect(throws: AudioError.self) { try stream(fake).open() }
        #expect(error == .configurationFailed(node: "/dev/snd/pcmC1D0p", operation: "SNDRV_PCM_IOCTL_HW_PARAMS", errno: Errno(EINVAL)))
        #expect(fake.calls.last == .close)
    }

    @Test func aFullBufferTakesNothing() throws {
        var contents = FakeSoundSystem.Contents()
        contents.writeError = Errno(EAGAIN)
        #expect(try stream(FakeSoundSystem(contents)).write(left: [1], right: [1]) == 0)
    }
}
