import FeedbackTheme
import HapticsEvdev
import HapticsModel
import HapticsPlayback
import Testing

@testable import HapticsDaemon

@Suite struct LightFeedbacksTests {
    private let start = MonotonicInstant(microseconds: 1_000_000)
    private let red = LedFeedback(color: LightColor(red: 255, green: 0, blue: 0), frequency: 2000)
    private let green = LedFeedback(color: LightColor(red: 0, green: 255, blue: 0))

    private func lights(_ system: FakeLightSystem, log: @escaping (String) -> Void = { _ in }) throws -> (LightFeedbacks, [LightBar]) {
        let bar = try #require(system.bar)
        return (LightFeedbacks(lightBars: { [bar] }, log: log), [bar])
    }

    /// Lit, dark at the half period, lit again; restored to the probe's blue (the bar read
    /// "0 0 0") when the feedback ends.
    @Test func blinksOnTheScheduleAndRestoresAtTheEnd() throws {
        let system = FakeLightSystem()
        let (lights, bars) = try lights(system)
        lights.start(1, red, on: bars, now: start)
        #expect(system.colors == ["255 0 0"])
        #expect(lights.nextDeadline == start + .milliseconds(250))
        lights.advance(now: start + .milliseconds(100))
        #expect(system.colors == ["255 0 0"])
        lights.advance(now: start + .milliseconds(250))
        lights.advance(now: start + .milliseconds(500))
        #expect(system.colors == ["255 0 0", "0 0 0", "255 0 0"])
        #expect(lights.nextDeadline == start + .milliseconds(750))
        lights.end(1, now: start + .milliseconds(600))
        #expect(system.colors == ["255 0 0", "0 0 0", "255 0 0", "0 0 128"])
        #expect(lights.nextDeadline == nil)
    }

    /// The latest feedback shows; when it ends the earlier one shows again, and the colour the
    /// bar had before either comes back after both.
    @Test func theLatestShowsAndTheEarlierComesBack() throws {
        let system = FakeLightSystem()
        try system.write("10 20 30", to: "\(FakeLightSystem.led)/multi_intensity")
        let (lights, bars) = try lights(system)
        lights.start(1, red, on: bars, now: start)
        lights.start(2, green, on: bars, now: start + .milliseconds(300))
        lights.end(2, now: start + .milliseconds(400))
        lights.end(1, now: start + .milliseconds(450))
        #expect(system.colors == ["10 20 30", "255 0 0", "0 255 0", "0 0 0", "10 20 30"])
    }

    @Test func restoreAllGivesEveryBarBack() throws {
        let system = FakeLightSystem()
        let (lights, bars) = try lights(system)
        lights.start(1, green, on: bars, now: start)
        lights.restoreAll()
        #expect(system.colors == ["0 255 0", "0 0 128"])
        #expect(lights.nextDeadline == nil)
        lights.end(1, now: start + .seconds(1))
        #expect(system.colors == ["0 255 0", "0 0 128"])
    }

    @Test func aBarThatFailsIsDroppedAndSaidOnce() throws {
        let system = FakeLightSystem()
        final class Log { var lines: [String] = [] }
        let log = Log()
        let (lights, bars) = try lights(system) { log.lines.append($0) }
        lights.start(1, red, on: bars, now: start)
        system.unplug()
        lights.advance(now: start + .milliseconds(250))
        lights.advance(now: start + .milliseconds(500))
        lights.end(1, now: start + .milliseconds(600))
        #expect(log.lines.count == 1)
        #expect(log.lines.first?.hasPrefix("hapticsd: dropping the light bar of /dev/input/event3") == true)
        #expect(lights.nextDeadline == nil)
    }
}
