import FeedbackTheme
import HapticsModel
import HapticsPlayback
import Testing

@testable import HapticsDaemon

@Suite struct BlinkScheduleTests {
    private let start = MonotonicInstant(microseconds: 1_000_000)
    private let red = LightColor(red: 255, green: 0, blue: 0)
    private let dark = LightColor(red: 0, green: 0, blue: 0)

    @Test func frequencyZeroIsSteady() {
        let schedule = BlinkSchedule(LedFeedback(color: red), from: start)
        #expect(schedule.color(at: start) == red)
        #expect(schedule.color(at: start + .seconds(30)) == red)
        #expect(schedule.nextChange(after: start) == nil)
    }

    /// 2000 mHz: a 500 ms period, lit for 250 ms from the start, then dark for 250 ms.
    @Test func blinksAtHalfPeriods() {
        let schedule = BlinkSchedule(LedFeedback(color: red, frequency: 2000), from: start)
        #expect(schedule.halfPeriod == .milliseconds(250))
        #expect(schedule.color(at: start) == red)
        #expect(schedule.color(at: start + .milliseconds(249)) == red)
        #expect(schedule.color(at: start + .milliseconds(250)) == dark)
        #expect(schedule.color(at: start + .milliseconds(499)) == dark)
        #expect(schedule.color(at: start + .milliseconds(500)) == red)
        #expect(schedule.nextChange(after: start) == start + .milliseconds(250))
        #expect(schedule.nextChange(after: start + .milliseconds(250)) == start + .milliseconds(500))
        #expect(schedule.nextChange(after: start + .milliseconds(620)) == start + .milliseconds(750))
    }

    @Test func aFastBlinkStaysAtTenHertz() {
        let schedule = BlinkSchedule(LedFeedback(color: red, frequency: 100_000), from: start)
        #expect(schedule.halfPeriod == BlinkSchedule.shortestHalfPeriod)
        #expect(schedule.color(at: start + .milliseconds(49)) == red)
        #expect(schedule.color(at: start + .milliseconds(50)) == dark)
    }

    @Test func maximumBrightnessScalesTheColour() {
        let schedule = BlinkSchedule(
            LedFeedback(color: LightColor(red: 255, green: 128, blue: 10), maximumBrightness: 50), from: start)
        #expect(schedule.color(at: start) == LightColor(red: 127, green: 64, blue: 5))
    }
}
