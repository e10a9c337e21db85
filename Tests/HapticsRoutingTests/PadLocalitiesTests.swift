import HapticsModel
import Testing

@testable import HapticsRouting

/// The localities each pad lists, from its profile.
@Suite struct PadLocalitiesTests {
    @Test func eachProfilesLocalities() {
        let everything: [Locality] = [.all, .handles, .leftHandle, .rightHandle, .triggers, .leftTrigger, .rightTrigger]
        let handles: [Locality] = [.all, .handles, .leftHandle, .rightHandle]
        #expect(PadLocalities.available(on: .dualSense) == everything)
        #expect(PadLocalities.available(on: .xboxBluetooth) == everything)
        #expect(PadLocalities.available(on: .dualShock4) == handles)
        #expect(PadLocalities.available(on: .switchPro) == handles)
        #expect(PadLocalities.available(on: .generic) == [.all, .handles])
        #expect(PadLocalities.available(on: nil) == [.all])
        #expect(PadLocalities.available(on: .steamDeck) == handles + [.trackpads, .leftTrackpad, .rightTrackpad])
    }

    @Test func padsAreNamedByTheirProfileAndNode() {
        #expect(
            PadLocalities.name(profile: .dualShock4, device: "Wireless Controller", node: "/dev/input/event5")
                == "the DualShock 4 (/dev/input/event5)")
        #expect(PadLocalities.name(profile: .generic, device: "Pad", node: "/dev/input/event2") == "'Pad' (/dev/input/event2)")
        #expect(PadLocalities.name(profile: nil, device: "Touchpad", node: "/dev/input/event9") == "'Touchpad' (/dev/input/event9)")
    }
}
