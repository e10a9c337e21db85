import HapticsHidraw
import HapticsModel
import Testing

@Suite struct HidrawPadModelTests {
    @Test func theKnownPadsWithReportsHaveModels() {
        #expect(HidrawPadModel(profile: .dualSense) == .dualSense)
        #expect(HidrawPadModel(profile: .switchPro) == .switchPro)
        #expect(HidrawPadModel(profile: .xboxBluetooth) == .xboxBluetooth)
        #expect(HidrawPadModel(profile: .dualShock4) == nil)
        #expect(HidrawPadModel(profile: .generic) == nil)
    }
}
