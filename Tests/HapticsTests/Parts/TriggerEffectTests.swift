import Testing

@testable import HapticsModel

@Suite struct TriggerEffectTests {
    @Test func theValuesAreListedInTheCasesOrder() {
        #expect(TriggerEffect.off.values.isEmpty)
        #expect(TriggerEffect.feedback(start: 0.2, strength: 0.7).values == [0.2, 0.7])
        #expect(TriggerEffect.weapon(start: 0.3, end: 0.6, strength: 0.75).values == [0.3, 0.6, 0.75])
        #expect(TriggerEffect.vibration(start: 0, amplitude: 1, frequency: 0.5).values == [0, 1, 0.5])
        #expect(TriggerEffect.slopeFeedback(start: 0.1, end: 0.8, strength: 0.2, endStrength: 1).values == [0.1, 0.8, 0.2, 1])
        let ten = (0..<10).map { Double($0) / 10 }
        #expect(TriggerEffect.positionalFeedback(strengths: ten).values == ten)
        #expect(TriggerEffect.positionalVibration(amplitudes: ten, frequency: 0.3).values == ten + [0.3])
    }

    @Test func aPositionalModeTakesExactlyTenValues() {
        let ten = [Double](repeating: 0.5, count: TriggerEffect.positionCount)
        #expect(TriggerEffect.positionalFeedback(strengths: ten).isValid)
        #expect(TriggerEffect.positionalVibration(amplitudes: ten, frequency: 1).isValid)
        #expect(!TriggerEffect.positionalFeedback(strengths: Array(ten.dropLast())).isValid)
        #expect(!TriggerEffect.positionalVibration(amplitudes: ten + [0.5], frequency: 1).isValid)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func anEffectWithoutANumberIsNotValid(_ bad: Double) {
        #expect(!TriggerEffect.weapon(start: 0.3, end: bad, strength: 1).isValid)
        #expect(!TriggerEffect.vibration(start: bad, amplitude: 1, frequency: 0.5).isValid)
        #expect(!TriggerEffect.slopeFeedback(start: 0, end: 1, strength: bad, endStrength: 1).isValid)
        #expect(!TriggerEffect.positionalVibration(amplitudes: [Double](repeating: 1, count: 10), frequency: bad).isValid)
        #expect(TriggerEffect.off.isValid)
        #expect(TriggerEffect.feedback(start: 2, strength: -1).isValid)
    }
}
