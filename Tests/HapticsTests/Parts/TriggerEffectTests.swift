import Testing

@testable import HapticsModel

@Suite struct TriggerEffectTests {
    @Test func theValuesAreListedInTheCasesOrder() {
        #expect(TriggerEffect.off.values.isEmpty)
        #expect(TriggerEffect.feedback(start: 0.2, strength: 0.7).values == [0.2, 0.7])
        #expect(TriggerEffect.weapon(start: 0.3, end: 0.6, strength: 0.75).values == [0.3, 0.6, 0.75])
        #expect(TriggerEffect.vibration(start: 0, amplitude: 1, frequency: 0.5).values == [0, 1, 0.5])
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func anEffectWithoutANumberIsNotValid(_ bad: Double) {
        #expect(!TriggerEffect.weapon(start: 0.3, end: bad, strength: 1).isValid)
        #expect(!TriggerEffect.vibration(start: bad, amplitude: 1, frequency: 0.5).isValid)
        #expect(TriggerEffect.off.isValid)
        #expect(TriggerEffect.feedback(start: 2, strength: -1).isValid)
    }
}
