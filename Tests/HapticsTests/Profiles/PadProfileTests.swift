import Testing

@testable import HapticsModel
@testable import HapticsPlayback

@Suite struct PadProfileTests {
    @Test func theProfilesAreFoundByTheirNames() {
        #expect(
            PadProfile.known.map(\.name) == [
                "dualsense", "dualshock4", "xbox-bt", "switch-pro", "switch-pro-hd", "dualsense-voice-coils", "generic",
            ])
        #expect(PadProfile.known.allSatisfy { PadProfile.named($0.name) == $0 })
        #expect(PadProfile.named("dualsense5") == nil)
    }

    @Test(arguments: [
        (UInt16(0x054C), UInt16(0x0CE6), UInt16(3), "Sony Interactive Entertainment Wireless Controller", "dualsense"),
        (0x054C, 0x0DF2, 5, "DualSense Edge Wireless Controller", "dualsense"),
        (0x054C, 0x05C4, 3, "Sony Interactive Entertainment Wireless Controller", "dualshock4"),
        (0x054C, 0x09CC, 5, "Wireless Controller", "dualshock4"),
        (0x045E, 0x02FD, 5, "Xbox Wireless Controller", "xbox-bt"),
        (0x045E, 0x0B13, 5, "Xbox Wireless Controller", "xbox-bt"),
        // Over USB, xpad drives an Xbox pad, with other steps.
        (0x045E, 0x02EA, 3, "Microsoft X-Box One S pad", "generic"),
        (0x045E, 0x0B13, 3, "Microsoft Xbox Series S|X Controller", "generic"),
        (0x057E, 0x2009, 3, "Nintendo Co., Ltd. Pro Controller", "switch-pro"),
        // By the kernel's name when the ids are someone else's (a virtual or relabelled pad).
        (0x0000, 0x0000, 6, "Nintendo Switch Pro Controller", "switch-pro"),
        (0x0000, 0x0000, 5, "Xbox Wireless Controller", "xbox-bt"),
        (0x0000, 0x0000, 6, "Sony Interactive Entertainment DualSense Wireless Controller", "dualsense"),
        // "Wireless Controller" alone does not tell a DualSense from a DualShock 4.
        (0x0000, 0x0000, 3, "Wireless Controller", "generic"),
        (0x1234, 0x5678, 6, "Haptics Test Pad", "generic"),
    ])
    func aDeviceGetsItsPadsProfile(vendor: UInt16, product: UInt16, bus: UInt16, name: String, expected: String) {
        #expect(PadProfile.matching(vendor: vendor, product: product, bus: bus, name: name).name == expected)
    }

    @Test func devicesPlayedTogetherShareTheirProfileOrFallBackToGeneric() {
        #expect(PadProfile.common(to: []) == nil)
        #expect(PadProfile.common(to: [.switchPro, .switchPro]) == .switchPro)
        #expect(PadProfile.common(to: [.switchPro, .dualSense]) == .generic)
    }

    @Test func theSwitchProsStrongMotorIsTheLeftActuatorOnTheDriversCarriers() {
        let pad = PadProfile.switchPro
        #expect(pad.strongActuator == Actuator(side: .left, kind: .linearResonantActuator, carriers: [160, 320]))
        #expect(pad.weakActuator.side == .right)
        #expect(pad.steps == .nintendoTable)
        #expect(pad.sharpness == .balanced)
        #expect(pad.strongActuator.summary == "left linear resonant actuator at 160 Hz + 320 Hz")
    }

    @Test(arguments: PadProfile.known)
    func aHeldLevelIsSentAgainBeforeThePadDropsIt(_ pad: PadProfile) {
        guard let hold = pad.longestHold else {
            #expect(pad.resendInterval == nil)
            return
        }
        #expect(pad.resendInterval.map { $0 < hold } == true)
        // The player re-sends a held level on its own too, at least as often.
        #expect(HapticEngine.defaultRefreshInterval < hold)
    }
}

@Suite struct SwitchProHDProfileTests {
    @Test func aTransientIsATwentyMillisecondTapOnlyOnHDRumble() {
        let pattern = HapticPattern(events: [HapticEvent(time: 0, kind: .transient)])
        let render = { (pad: PadProfile) in Renderer(settings: RenderSettings(pad: pad)).render(pattern).frames.first?.duration }
        #expect(render(.switchProHD) == .milliseconds(20))
        #expect(render(.switchPro) == .milliseconds(50))
        #expect(render(.dualSenseVoiceCoils) == .milliseconds(20))
        for pad in PadProfile.known where pad != .switchProHD && pad != .dualSenseVoiceCoils {
            #expect(pad.transientPulse == nil, "\(pad.name)")
        }
    }

    @Test func hdRumbleSplitsSharpnessOverTheTableWithoutFixedCarriers() {
        let pad = PadProfile.switchProHD
        #expect(pad.sharpness == .split)
        #expect(pad.steps == .nintendoTable)
        #expect(pad.strongActuator.carriers.isEmpty && pad.weakActuator.carriers.isEmpty)
        #expect(pad.rumbleParts == PadPart.handles)
        let rigid = Renderer(settings: RenderSettings(pad: pad)).render(Preset.impact(.rigid).pattern).frames.first
        #expect(rigid.map { $0.weak > $0.strong } == true)
    }
}
