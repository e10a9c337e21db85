import Testing

@testable import HapticsModel

@Suite struct LocalityTests {
    @Test func theNamesAreCoreHapticsLocalitiesSpelledForACommandLine() {
        #expect(
            Locality.allCases.map(\.rawValue) == [
                "all", "handles", "left-handle", "right-handle", "triggers", "left-trigger", "right-trigger", "trackpads",
                "left-trackpad", "right-trackpad",
            ])
    }

    @Test func eachLocalityNamesItsParts() {
        #expect(Locality.all.parts == Set(PadPart.allCases))
        #expect(Locality.handles.parts == [.leftHandle, .rightHandle])
        #expect(Locality.rightTrigger.parts == [.rightTrigger])
        #expect(PadPart.allCases.filter(\.isTrigger) == [.leftTrigger, .rightTrigger])
        #expect(PadPart.rightTrigger.side == .right && PadPart.leftHandle.side == .left)
    }

    @Test func aLocalityPlaysOnlyWhereThePadHasAllItsParts() {
        let handles = PadPart.handles
        #expect(Locality.all.parts(of: handles) == handles)
        #expect(Locality.leftHandle.parts(of: handles) == [.leftHandle])
        #expect(Locality.triggers.parts(of: handles).isEmpty)
        #expect(Locality.triggers.parts(of: [.leftHandle, .rightHandle, .leftTrigger]).isEmpty)
    }

    @Test func theAvailableLocalitiesFollowTheParts() {
        #expect(Locality.available(on: []) == [.all])
        #expect(Locality.available(on: PadPart.handles) == [.all, .handles, .leftHandle, .rightHandle])
        #expect(Locality.available(on: Set(PadPart.allCases)) == Locality.allCases)
    }

    @Test func theProfilesPartsComeFromTheirSidesAndTriggers() {
        #expect(PadProfile.dualSense.parts == PadPart.handles.union(PadPart.triggers))
        #expect(PadProfile.steamDeck.parts == PadPart.handles.union(PadPart.trackpads))
        #expect(PadProfile.dualSense.rumbleParts == PadPart.handles)
        #expect(PadProfile.xboxBluetooth.triggers == .motors)
        #expect(PadProfile.switchPro.parts == PadPart.handles)
        #expect(PadProfile.generic.parts.isEmpty)
    }
}
