import Testing

@testable import HapticsModel

@Suite struct PadLimitsTests {
    /// One actuator as `haptics devices --json` writes it: locality, kind, band, steps, ms.
    private typealias Row = (String, String, ClosedRange<Double>?, Int, Int)

    private func rows(_ limits: PadLimits) -> [String] {
        limits.actuators.map { actuator in
            let band = actuator.frequencyBand.map { "\($0.lowerBound)-\($0.upperBound) Hz" } ?? "no band"
            return "\(actuator.locality.rawValue) \(actuator.kind.rawValue) \(band) \(actuator.amplitudeSteps) steps "
                + "\(actuator.shortestPulse)"
        }
    }

    private func rows(_ expected: [Row]) -> [String] {
        expected.map { locality, kind, band, steps, milliseconds in
            "\(locality) \(kind) \(band.map { "\($0.lowerBound)-\($0.upperBound) Hz" } ?? "no band") \(steps) steps "
                + "\(Duration.milliseconds(milliseconds))"
        }
    }

    @Test func theDualSensesVoiceCoilsPlayItsRumbleEmulationAndItsTriggersTheirBand() {
        #expect(
            rows(PadLimits(profile: .dualSense))
                == rows([
                    ("left-handle", "voice-coil", nil, 255, 20), ("right-handle", "voice-coil", nil, 255, 20),
                    ("left-trigger", "trigger", 10...160, 8, 20), ("right-trigger", "trigger", 10...160, 8, 20),
                ]))
    }

    @Test func theDualShock4HasTwoEccentricMotorsOfEightBits() {
        #expect(
            rows(PadLimits(profile: .dualShock4))
                == rows([("left-handle", "eccentric", nil, 255, 40), ("right-handle", "eccentric", nil, 255, 40)]))
    }

    @Test func theXboxPadsTriggerMotorsTakeAReportEvery50Milliseconds() {
        #expect(
            rows(PadLimits(profile: .xboxBluetooth))
                == rows([
                    ("left-handle", "eccentric", nil, 100, 40), ("right-handle", "eccentric", nil, 100, 40),
                    ("left-trigger", "eccentric", nil, 100, 50), ("right-trigger", "eccentric", nil, 100, 50),
                ]))
    }

    @Test func theSwitchProSetsFrequenciesThroughHDRumbleOnly() {
        #expect(
            rows(PadLimits(profile: .switchPro))
                == rows([("left-handle", "lra", nil, 100, 50), ("right-handle", "lra", nil, 100, 50)]))
        #expect(
            rows(PadLimits(profile: .switchProHD))
                == rows([("left-handle", "lra", 41...1253, 100, 20), ("right-handle", "lra", 41...1253, 100, 20)]))
    }

    @Test func theDualSensesVoiceCoilsAsAWaveformPlayTheSynthesizersBand() {
        #expect(
            rows(PadLimits(profile: .dualSenseVoiceCoils))
                == rows([("left-handle", "voice-coil", 60...400, 65535, 10), ("right-handle", "voice-coil", 60...400, 65535, 10)]))
    }

    @Test func valvesPadsAreTheirHandlesAtSixteenBits() {
        #expect(
            rows(PadLimits(profile: .steamDeck))
                == rows([("left-handle", "eccentric", nil, 65535, 20), ("right-handle", "eccentric", nil, 65535, 20)]))
        #expect(
            rows(PadLimits(profile: .steamController))
                == rows([("left-handle", "lra", nil, 65535, 20), ("right-handle", "lra", nil, 65535, 20)]))
    }

    @Test func anyOtherPadIsBothHandlesOfUnknownKindAtTheKernelsSixteenBits() {
        #expect(rows(PadLimits(profile: .generic)) == rows([("handles", "unknown", nil, 65535, 40)]))
        #expect(rows(PadLimits.touchpad) == rows([("all", "touchpad", nil, 100, 40)]))
    }

    @Test func aNewProfileMapsFromItsActuatorsAndTriggers() {
        var profile = PadProfile.dualShock4
        profile.strongActuator = Actuator(side: .right, kind: .voiceCoil, frequencyBand: 40...500)
        profile.weakActuator = Actuator(side: .left, kind: .linearResonantActuator)
        profile.steps = .percent
        profile.triggers = .adaptive
        #expect(
            rows(PadLimits(profile: profile))
                == rows([
                    ("left-handle", "lra", nil, 100, 40), ("right-handle", "voice-coil", 40...500, 100, 40),
                    ("left-trigger", "trigger", 10...160, 8, 40), ("right-trigger", "trigger", 10...160, 8, 40),
                ]))
    }

    @Test func aLocalitysActuatorsAreThoseOfItsParts() {
        let dualSense = PadLimits(profile: .dualSense)
        #expect(dualSense.actuators(at: .all).count == 4)
        #expect(dualSense.actuators(at: .rightTrigger).map(\.locality) == [.rightTrigger])
        #expect(dualSense.actuators(at: .handles).map(\.locality) == [.leftHandle, .rightHandle])
        #expect(PadLimits(profile: .generic).actuators(at: .leftHandle).map(\.locality) == [.handles])
        #expect(PadLimits(profile: .generic).actuators(at: .triggers).isEmpty)
        #expect(PadLimits.touchpad.actuators(at: .leftHandle).map(\.locality) == [.all])
    }
}
