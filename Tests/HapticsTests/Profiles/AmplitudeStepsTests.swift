import Testing

@testable import HapticsModel

@Suite struct AmplitudeStepsTests {
    private static let drivers: [AmplitudeSteps] = [.highByte, .percent, .nintendoTable]

    @Test func eachDriverComputesItsStepAsItsSourceDoes() {
        #expect(AmplitudeSteps.highByte.step(forMagnitude: 0x12FF) == 0x12)
        #expect(AmplitudeSteps.percent.step(forMagnitude: 655) == 0)
        #expect(AmplitudeSteps.percent.step(forMagnitude: 656) == 1)
        #expect(AmplitudeSteps.percent.step(forMagnitude: 65535) == 100)
        // 65 * 1003 / 65535 is 0; 66 gives 1, which snaps up to the table's 10 (index 1).
        #expect(AmplitudeSteps.nintendoTable.step(forMagnitude: 65) == 0)
        #expect(AmplitudeSteps.nintendoTable.step(forMagnitude: 66) == 1)
        #expect(AmplitudeSteps.nintendoTable.step(forMagnitude: 65535) == 100)
        #expect(AmplitudeSteps.nintendoTable.level(ofStep: 100) == 1)
        #expect(AmplitudeSteps.nintendoAmplitudes.count == 101)
        #expect(AmplitudeSteps.magnitude.step(forMagnitude: 1234) == 1234)
    }

    @Test(arguments: drivers)
    func everyStepsMagnitudeReachesThatStepAndNoSmallerOneDoes(_ steps: AmplitudeSteps) {
        for step in 0...steps.topStep {
            let magnitude = steps.magnitude(forStep: step)
            #expect(steps.step(forMagnitude: magnitude) == step, "step \(step): magnitude \(magnitude)")
            if step > 0, step < steps.topStep, steps != .highByte {
                #expect(steps.step(forMagnitude: magnitude - 1) == step - 1, "step \(step): magnitude \(magnitude) is not the smallest")
            }
        }
    }

    @Test(arguments: drivers + [.magnitude])
    func aLevelAboveZeroNeverRoundsToSilenceAndLevelsStayNearTheirStep(_ steps: AmplitudeSteps) {
        var random = SeededRandom(seed: 24)
        for _ in 0..<2000 {
            let level = random.unit() * random.unit()
            guard level > 0 else { continue }
            let quantized = steps.quantized(level)
            #expect(quantized > 0, "\(level) became silence")
            let step = steps.nearestStep(to: level)
            let neighbours = [step - 1, step + 1].filter { $0 >= 1 && $0 <= steps.topStep }.map(steps.level(ofStep:))
            #expect(neighbours.allSatisfy { abs($0 - level) >= abs(quantized - level) }, "\(level) → \(quantized), not the nearest step")
        }
        #expect(steps.quantized(0) == 0)
        #expect(steps.quantized(1) == 1)
        #expect(steps.nearestStep(to: .nan) == 0)
    }
}
