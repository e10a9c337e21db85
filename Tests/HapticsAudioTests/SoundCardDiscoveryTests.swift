import Testing

@testable import HapticsAudio

@Suite struct SoundCardDiscoveryTests {
    private func discovery(_ fake: FakeSoundSystem) -> SoundCardDiscovery {
        SoundCardDiscovery(sysfs: "/sys", proc: "/proc", devices: "/dev", system: fake.system)
    }

    @Test func findsTheCardOnThePadsUSBDevice() {
        let card = discovery(FakeSoundSystem(DualSenseTree.contents)).card(forEventNode: "/dev/input/event5")
        #expect(card == SoundCard(index: 1, id: "Controller", playbackNode: "/dev/snd/pcmC1D0p"))
        #expect(card?.alsaName == "hw:Controller")
    }

    @Test func aPadOverBluetoothHasNoCard() {
        var contents = DualSenseTree.contents
        contents.links["/sys/class/input/event5/device/device"] =
            "/sys/devices/virtual/misc/uhid/0005:054C:0CE6.0002"
        #expect(discovery(FakeSoundSystem(contents)).card(forEventNode: "/dev/input/event5") == nil)
    }

    @Test func aCardWithoutPlaybackIsNone() {
        var contents = DualSenseTree.contents
        contents.directories["/sys/class/sound/card1"] = ["controlC1", "pcmC1D0c"]
        #expect(discovery(FakeSoundSystem(contents)).card(forEventNode: "/dev/input/event5") == nil)
    }

    @Test func theUSBDeviceIsTheInterfacesParent() {
        #expect(
            SoundCardDiscovery.usbDevice(containing: "/sys/devices/pci0000:00/0000:00:14.0/usb3/3-1.4/3-1.4:1.0/sound/card2")
                == "/sys/devices/pci0000:00/0000:00:14.0/usb3/3-1.4")
        #expect(SoundCardDiscovery.usbDevice(containing: "/sys/devices/pci0000:00/0000:00:1f.3") == nil)
    }

    @Test func theHolderComesFromTheSubstreamStatus() {
        var contents = DualSenseTree.contents
        contents.files["/proc/asound/card1/pcm0p/sub0/status"] = "state: RUNNING\nowner_pid   : 812\ntrigger_time: 1.0\n"
        contents.files["/proc/812/comm"] = "pipewire\n"
        let card = SoundCard(index: 1, id: "Controller", playbackNode: "/dev/snd/pcmC1D0p")
        #expect(discovery(FakeSoundSystem(contents)).holder(of: card) == CardHolder(pid: 812, command: "pipewire"))
    }

    @Test func aHolderThatOpenedFromAThreadIsNamedByItsProcess() {
        var contents = DualSenseTree.contents
        contents.files["/proc/asound/card1/pcm0p/sub0/status"] = "state: PREPARED\nowner_pid   : 815\n"
        contents.files["/proc/815/status"] = "Name:\tdata-loop.0\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t812\nPid:\t815\n"
        contents.files["/proc/815/comm"] = "data-loop.0\n"
        contents.files["/proc/812/comm"] = "pipewire\n"
        let card = SoundCard(index: 1, id: "Controller", playbackNode: "/dev/snd/pcmC1D0p")
        #expect(discovery(FakeSoundSystem(contents)).holder(of: card) == CardHolder(pid: 812, command: "pipewire"))
    }

    @Test func theHolderIsFoundAmongOpenFilesWhenTheStatusIsClosed() {
        var contents = DualSenseTree.contents
        contents.files["/proc/asound/card1/pcm0p/sub0/status"] = "closed\n"
        contents.directories["/proc"] = ["self", "1", "940", "1200"]
        contents.directories["/proc/940/fd"] = ["0", "12"]
        contents.links["/proc/940/fd/12"] = "/dev/snd/pcmC1D0p"
        contents.directories["/proc/1200/fd"] = ["3"]
        contents.links["/proc/1200/fd/3"] = "/dev/snd/pcmC1D0p"
        contents.files["/proc/940/comm"] = "pulseaudio\n"
        let card = SoundCard(index: 1, id: "Controller", playbackNode: "/dev/snd/pcmC1D0p")
        #expect(discovery(FakeSoundSystem(contents)).holder(of: card) == CardHolder(pid: 940, command: "pulseaudio"))
    }
}
