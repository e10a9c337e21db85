import Testing

@testable import HapticsModel

@Suite struct TriggerModeTests {
    @Test func eachModeMakesItsEffectFromTheValuesInOrder() throws {
        let ten = (0..<10).map { Double($0) / 9 }
        #expect(try TriggerMode.off.effect(values: []) == .off)
        #expect(try TriggerMode.feedback.effect(values: [0.2, 0.7]) == .feedback(start: 0.2, strength: 0.7))
        #expect(try TriggerMode.weapon.effect(values: [0.3, 0.6, 0.75]) == .weapon(start: 0.3, end: 0.6, strength: 0.75))
        #expect(try TriggerMode.vibration.effect(values: [0, 1, 0.5]) == .vibration(start: 0, amplitude: 1, frequency: 0.5))
        #expect(
            try TriggerMode.slope.effect(values: [0.1, 0.8, 0.2, 1]) == .slopeFeedback(start: 0.1, end: 0.8, strength: 0.2, endStrength: 1))
        #expect(try TriggerMode.positionalFeedback.effect(values: ten) == .positionalFeedback(strengths: ten))
        #expect(try TriggerMode.positionalVibration.effect(values: ten + [0.3]) == .positionalVibration(amplitudes: ten, frequency: 0.3))
    }

    @Test func theValuesAnEffectListsMakeItAgain() throws {
        let effects: [TriggerEffect] = [
            .off, .feedback(start: 0.1, strength: 0.2), .weapon(start: 0.1, end: 0.5, strength: 1),
            .vibration(start: 0.4, amplitude: 0.6, frequency: 0.9), .slopeFeedback(start: 0, end: 1, strength: 1, endStrength: 0),
            .positionalFeedback(strengths: Array(repeating: 0.5, count: 10)),
            .positionalVibration(amplitudes: Array(repeating: 0.25, count: 10), frequency: 0.75),
        ]
        for (mode, effect) in zip(TriggerMode.allCases, effects) {
            #expect(mode.valueNames.count == effect.values.count)
            #expect(try mode.effect(values: effect.values) == effect)
        }
    }

    @Test func theNamesAreTheCommandLines() {
        #expect(
            TriggerMode.allCases.map(\.rawValue) == [
                "off", "feedback", "weapon", "vibration", "slope", "positional-feedback", "positional-vibration",
            ])
        #expect(TriggerMode.slope.valueNames == ["start", "end", "strength", "end strength"])
        #expect(TriggerMode.positionalVibration.valueNames.last == "frequency")
        #expect(TriggerMode.positionalFeedback.valueNames[3] == "zone 3's strength")
    }

    @Test func aWrongCountIsRefusedSayingWhatTheModeTakes() {
        #expect(throws: TriggerValuesError.count(mode: .feedback, given: 3)) { try TriggerMode.feedback.effect(values: [0, 0, 0]) }
        #expect(throws: TriggerValuesError.count(mode: .off, given: 1)) { try TriggerMode.off.effect(values: [0]) }
        #expect(throws: TriggerValuesError.count(mode: .positionalFeedback, given: 9)) {
            try TriggerMode.positionalFeedback.effect(values: Array(repeating: 0, count: 9))
        }
        #expect("\(TriggerValuesError.count(mode: .weapon, given: 2))" == "'weapon' takes 3 values: start, end, strength; 2 given")
        #expect("\(TriggerValuesError.count(mode: .off, given: 1))" == "'off' takes no values; 1 given")
        #expect(
            "\(TriggerValuesError.count(mode: .positionalVibration, given: 10))"
                == "'positional-vibration' takes 11 values, each zone's amplitude from rest (0) to fully pulled (9), then the frequency; 10 given"
        )
    }

    @Test func theFirstValueOutside0To1IsNamedByItsIndex() {
        for bad in [Double.nan, .infinity, -.infinity, -0.01, 1.01] {
            #expect(throws: TriggerValuesError.self) { try TriggerMode.weapon.effect(values: [0.1, bad, 2]) }
            do {
                _ = try TriggerMode.weapon.effect(values: [0.1, bad, 2])
            } catch {
                #expect(error == .outOfRange(mode: .weapon, index: 1, value: bad) || bad.isNaN)
                #expect("\(error)".hasPrefix("values[1] (weapon: end) is "))
            }
        }
        #expect(
            "\(TriggerValuesError.outOfRange(mode: .positionalFeedback, index: 4, value: 1.5))"
                == "values[4] (positional-feedback: zone 4's strength) is 1.5; it must be in 0...1")
        #expect(throws: Never.self) { try TriggerMode.vibration.effect(values: [0, 1, 0]) }
    }
}
