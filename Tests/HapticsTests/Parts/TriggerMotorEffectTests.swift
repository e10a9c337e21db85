import Testing

@testable import HapticsModel

@Suite struct TriggerMotorEffectTests {
    @Test func vibrationPlaysItsAmplitudeFromTheStartOn() throws {
        let motor = try #require(TriggerMotorEffect(.vibration(start: 0.4, amplitude: 0.7, frequency: 0.9)))
        #expect(motor.level(at: 0) == 0)
        #expect(motor.level(at: 0.399) == 0)
        #expect(motor.level(at: 0.4) == 0.7)
        #expect(motor.level(at: 1) == 0.7)
        #expect(motor.asksForFrequency)
    }

    @Test func positionalVibrationPlaysTheAmplitudeOfTheZoneThePositionIsIn() throws {
        let amplitudes = (0..<10).map { Double($0) / 10 + 0.05 }
        let motor = try #require(TriggerMotorEffect(.positionalVibration(amplitudes: amplitudes, frequency: 0.2)))
        #expect(motor.level(at: 0) == amplitudes[0])
        #expect(motor.level(at: 0.0999) == amplitudes[0])
        #expect(motor.level(at: 0.1) == amplitudes[1])
        #expect(motor.level(at: 0.55) == amplitudes[5])
        #expect(motor.level(at: 0.8999) == amplitudes[8])
        #expect(motor.level(at: 0.9) == amplitudes[9])
        #expect(motor.level(at: 1) == amplitudes[9])
        #expect(motor.asksForFrequency)
    }

    @Test func positionsOutsideTheTravelAreHeldToIt() throws {
        let motor = try #require(TriggerMotorEffect(.positionalVibration(amplitudes: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0.5], frequency: 0)))
        #expect(motor.level(at: -1) == 1)
        #expect(motor.level(at: .nan) == 1)
        #expect(motor.level(at: 7) == 0.5)
    }

    @Test func offIsStill() throws {
        let motor = try #require(TriggerMotorEffect(.off))
        #expect(motor.level(at: 0) == 0)
        #expect(motor.level(at: 1) == 0)
        #expect(!motor.asksForFrequency)
    }

    @Test func theResistanceModesHaveNoMotorEffect() {
        let refused: [TriggerEffect] = [
            .feedback(start: 0.1, strength: 0.5), .weapon(start: 0.2, end: 0.6, strength: 1),
            .slopeFeedback(start: 0, end: 1, strength: 0, endStrength: 1), .positionalFeedback(strengths: Array(repeating: 0.5, count: 10)),
        ]
        for effect in refused { #expect(TriggerMotorEffect(effect) == nil) }
        #expect(TriggerMotorEffect.modes == [.off, .vibration, .positionalVibration])
    }

    @Test func anInvalidEffectHasNoMotorEffect() {
        #expect(TriggerMotorEffect(.vibration(start: .nan, amplitude: 1, frequency: 0)) == nil)
        #expect(TriggerMotorEffect(.positionalVibration(amplitudes: [1, 1], frequency: 0)) == nil)
    }

    @Test func zonesSplitTheTravelInTen() {
        #expect(TriggerMotorEffect.zone(of: 0) == 0)
        #expect(TriggerMotorEffect.zone(of: 0.3) == 3)
        #expect(TriggerMotorEffect.zone(of: 0.7) == 7)
        #expect(TriggerMotorEffect.zone(of: 1) == 9)
    }
}
