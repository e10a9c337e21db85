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
}
