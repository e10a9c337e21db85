import HapticsModel
import Testing

@testable import HapticsHidraw

@Suite struct HidrawPadModelTests {
    @Test func theKnownPadsWithReportsHaveModels() {
        #expect(HidrawPadModel(profile: .dualSense) == .dualSense)
        #expect(HidrawPadModel(profile: .switchPro) == .switchPro)
        #expect(HidrawPadModel(profile: .xboxBluetooth) == .xboxBluetooth)
        #expect(HidrawPadModel(profile: .dualShock4) == nil)
        #expect(HidrawPadModel(profile: .generic) == nil)
    }
}

/// The family table: each family found by its own profile, with what it says of itself.
@Suite struct HidrawPadModelFamiliesTests {
    @Test func everyFamilyIsFoundByItsProfileAndNoTwoShareOne() {
        let profiles = HidrawPadModel.families.map { $0.profile }
        let found = profiles.map { HidrawPadModel(profile: $0) }
        #expect(found == HidrawPadModel.families.map { HidrawPadModel($0) })
        #expect(Set(profiles.map(\.name)).count == profiles.count)
    }

    @Test func whatEachModelPlaysAndTakesOver() {
        #expect(HidrawPadModel.dualSense.hasAdaptiveTriggers)
        #expect(!HidrawPadModel.switchPro.hasAdaptiveTriggers && !HidrawPadModel.xboxBluetooth.hasAdaptiveTriggers)
        #expect(HidrawPadModel.switchPro.parts == PadPart.handles)
        #expect(HidrawPadModel.switchPro.renderProfile == .switchProHD)
        let all = Set(PadPart.allCases)
        #expect(HidrawPadModel.dualSense.partsTakenOver(from: all) == PadPart.triggers)
        #expect(HidrawPadModel.switchPro.partsTakenOver(from: PadPart.handles) == PadPart.handles)
        #expect(HidrawPadModel.xboxBluetooth.partsTakenOver(from: PadPart.handles).isEmpty)
        #expect(HidrawPadModel.xboxBluetooth.partsTakenOver(from: [.leftHandle, .rightTrigger]) == [.leftHandle, .rightTrigger])
    }
}
