import HapticsAudio
import HapticsEvdev
import HapticsModel
import HapticsPlayback
import Testing

@testable import HapticsRouting

@Suite struct PlaybackPadTests {
    @Test func withoutAGamepadThereIsNoPadToShapeFor() {
        let terminal = StdoutDriver(format: .text, write: { _ in })
        let unopened = EvdevDriver(selection: .auto, directory: "/nonexistent", watchesHotPlug: false)
        #expect(PlaybackPad.profile(of: terminal) == nil)
        #expect(PlaybackPad.profile(of: unopened) == nil)
        #expect(PlaybackPad.profile(of: FanOutDriver([terminal, unopened])) == nil)
    }

    @Test func theVoiceCoilsBesideTheTriggersRenderForTheVoiceCoils() {
        #expect(PlaybackPad.profile(playing: [.dualSenseVoiceCoils, .dualSense]) == .dualSenseVoiceCoils)
        #expect(PlaybackPad.profile(playing: [.dualSense, .dualSenseVoiceCoils, .dualSense]) == .dualSenseVoiceCoils)
        #expect(PlaybackPad.profile(playing: [.dualSense, .dualSense]) == .dualSense)
        #expect(PlaybackPad.profile(playing: [.dualSenseVoiceCoils, .switchPro]) == .generic)
        #expect(PlaybackPad.profile(playing: []) == nil)
    }

    @Test func anAudioDriverRendersForTheVoiceCoils() {
        let audio = AudioDriver(selection: .auto, directory: "/nonexistent")
        #expect(PlaybackPad.profile(of: audio) == .dualSenseVoiceCoils)
        #expect(PlaybackPad.profile(of: FanOutDriver([StdoutDriver(format: .text, write: { _ in }), audio])) == .dualSenseVoiceCoils)
    }
}
