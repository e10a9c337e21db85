import Foundation
import Testing

@testable import HapticsModel

@Suite struct CycleSineTests {
    @Test func everyPhaseIsWithinABillionthOfTheCLibrarysSine() {
        let phases = (0..<100_000).map { Double($0) / 100_000 } + [0.25, 0.5, 0.75, 0.999_999_999]
        let worst = phases.map { abs(CycleSine.value(atPhase: $0) - sin(2 * .pi * $0)) }.max() ?? 1
        #expect(worst < 1e-9)
    }

    @Test func theZeroCrossingsAreExactAndTheHalvesMirrorEachOther() {
        #expect(CycleSine.value(atPhase: 0) == 0)
        #expect(CycleSine.value(atPhase: 0.5) == 0)
        for phase in stride(from: 0.01, to: 0.5, by: 0.01) {
            #expect(abs(CycleSine.value(atPhase: phase) + CycleSine.value(atPhase: 1 - phase)) < 1e-12)
        }
    }
}
