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

    @Test func theLimitsAreEachPadsActuatorsTheVoiceCoilsPlayingADualSensesHandles() throws {
        #expect(PlaybackPad.limits(playing: []) == nil)
        #expect(PlaybackPad.limits(of: StdoutDriver(format: .text, write: { _ in })) == nil)
        let dualSense = try #require(PlaybackPad.limits(playing: [.dualSense]))
        #expect(dualSense == PadLimits(profile: .dualSense))
        let coils = try #require(PlaybackPad.limits(playing: [.dualSenseVoiceCoils, .dualSense]))
        let handles = coils.actuators(at: .handles)
        #expect(handles.count == 2 && handles.allSatisfy { $0.kind == .voiceCoil && $0.frequencyBand != nil })
        #expect(coils.actuators(at: .triggers) == PadLimits(profile: .dualSense).actuators(at: .triggers))
        #expect(coils.actuators(at: .triggers).count == 2)
        let two = try #require(PlaybackPad.limits(playing: [.dualSense, .switchPro]))
        #expect(two.actuators.count == PadLimits(profile: .dualSense).actuators.count + PadLimits(profile: .switchPro).actuators.count)
    }
}
