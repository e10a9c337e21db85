import HapticsAudio
import HapticsEvdev
import HapticsModel
import Synchronization
import Testing

@testable import HapticsDaemon

/// `hapticsd --driver audio`'s main driver: a voice on the coils of each pad chosen, sharing
/// each pad's driver with the localities' engines.
@Suite struct VoiceCoilSelectionTests {
    private static func pad(_ index: Int) -> (EvdevDeviceInfo, SoundCard) {
        let capabilities = DeviceCapabilities(
            name: "DualSense Wireless Controller", vendor: 0x054C, product: 0x0CE6, bus: 3, hasRumble: true, hasPeriodic: false,
            hasGain: false, isGamepad: true, effectSlots: 16)
        let device = EvdevDeviceInfo(node: "/dev/input/event\(index)", capabilities: capabilities, isWritable: true)
        return (device, SoundCard(index: index, id: "Controller", playbackNode: "/dev/snd/pcmC\(index)D0p"))
    }

    private let tap = RumbleFrame(start: .zero, duration: .milliseconds(60), strong: 1, weak: 1)

    @Test func itPlaysEveryPadChosenOnTheDriverItsLocalitiesShare() throws {
        let made = MadeRecorders()
        let cards = made.cards
        let selection = VoiceCoilSelection(choose: { [Self.pad(3), Self.pad(4)] }, voiceCoils: cards)
        try selection.apply(tap)
        #expect(selection.pads.map(\.card.playbackNode) == ["/dev/snd/pcmC3D0p", "/dev/snd/pcmC4D0p"])
        let left = cards.voice(for: "/dev/input/event3", at: .leftHandle)
        try left.apply(tap)
        #expect(made.recorders("/dev/input/event3").count == 1 && made.recorders("/dev/input/event4").count == 1)
        #expect(
            made.recorders("/dev/input/event3").first?.calls == [
                .prepare, .apply(sounding: true, at: .all), .apply(sounding: true, at: .leftHandle),
            ])
        try selection.stop()
        #expect(made.recorders("/dev/input/event3").first?.calls.last == .apply(sounding: true, at: .leftHandle))
        #expect(made.recorders("/dev/input/event4").first?.calls.last == .stop)
        selection.close()
        left.close()
        #expect(made.recorders("/dev/input/event3").first?.calls.last == .close)
        #expect(selection.pads.isEmpty)
    }

    @Test func aPadThatCannotBeChosenIsTheErrorAndNoVoiceIsLeft() {
        let made = MadeRecorders()
        let selection = VoiceCoilSelection(choose: { () throws(AudioError) in throw .noPad(selection: .auto) }, voiceCoils: made.cards)
        #expect(throws: AudioError.noPad(selection: .auto)) { try selection.prepare() }
        #expect(selection.pads.isEmpty && made.recorders("/dev/input/event3").isEmpty)
    }
}
