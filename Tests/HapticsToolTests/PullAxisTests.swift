import HapticsEvdev
import Testing

@testable import HapticsCommandLine
@testable import HapticsTool

@Suite struct PullAxisTests {
    @Test func aTriggerPullsFromItsMinimum() {
        let trigger = PullAxis(code: 5, minimum: 0, maximum: 255, isCentered: false)
        #expect([0, 51, 255, 300, -5].map(trigger.fraction) == [0, 0.2, 1, 1, 0])
    }

    @Test func aStickPullsOnlyBelowItsCentre() {
        let stick = PullAxis(code: 1, minimum: -32768, maximum: 32767, isCentered: true)
        #expect(stick.fraction(-32768) == 0)
        #expect(stick.fraction(0) < 0.0001)
        #expect(stick.fraction(32767) == 1)
        #expect(abs(stick.fraction(16383) - 0.5) < 0.001)
    }

    @Test func aDegenerateAxisNeverPulls() {
        #expect(PullAxis(code: 5, minimum: 10, maximum: 10, isCentered: false).fraction(10) == 0)
    }

    @Test func theRightTriggerIsPreferredOverTheLeftOneAndTheStick() {
        let stick = AbsoluteAxis(code: 1, minimum: -32768, maximum: 32767)
        let left = AbsoluteAxis(code: 2, minimum: 0, maximum: 255)
        let right = AbsoluteAxis(code: 5, minimum: 0, maximum: 1023)
        #expect(PullAxis.best(of: [stick, left, right]) == PullAxis(code: 5, minimum: 0, maximum: 1023, isCentered: false))
        #expect(PullAxis.best(of: [stick]) == PullAxis(code: 1, minimum: -32768, maximum: 32767, isCentered: true))
        #expect(PullAxis.best(of: [AbsoluteAxis(code: 0, minimum: 0, maximum: 255)]) == nil)
    }
}
