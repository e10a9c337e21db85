import Haptics
import HapticsTesting
import PullToRefresh
import Testing

@testable import HapticsCommandLine
@testable import HapticsTool

@Suite struct TraceRunnerTests {
    /// Runs a shipped trace on its component with a recorder, collecting the events.
    private func run(_ shipped: ShippedTrace, hysteresis: Double = 0) async throws -> (events: [TraceEvent], recorder: RecordingDriver) {
        let recorder = RecordingDriver()
        var events: [TraceEvent] = []
        let runner = TraceRunner(kind: try shipped.component(), configuration: RefreshFeedbackConfiguration(hysteresis: hysteresis))
        try await runner.run(try shipped.trace(), on: recorder) { events.append($0) }
        return (events, recorder)
    }

    @Test func everyTraceIsShipped() {
        #expect(ShippedTrace.all.map(\.name) == ["clean-pull.csv", "no-more-data.csv", "released-early.csv", "trembling.csv"])
    }

    @Test(arguments: ShippedTrace.all, [0.0, 5.0])
    func eachImpactReachesTheDriverAtItsTraceTimeExactly(_ shipped: ShippedTrace, hysteresis: Double) async throws {
        let (events, recorder) = try await run(shipped, hysteresis: hysteresis)
        let impactTimes = events.filter { $0.kind == .cue(.intent(.impact(.light, intensity: 1))) }.map {
            Duration.milliseconds($0.timeMilliseconds)
        }
        let light = try #require(HapticEngine(driver: RecordingDriver()).track(for: .impact(.light)).frames.first)
        let played = recorder.frames.filter { !$0.isSilent }
        #expect(played.map(\.start) == impactTimes)
        #expect(played.allSatisfy { $0.duration == light.duration && $0.strong == light.strong && $0.weak == light.weak })
        let silences = recorder.frames.filter(\.isSilent).map(\.start)
        #expect(impactTimes.allSatisfy { silences.contains($0 + light.duration) })
    }

    @Test func theDriverIsPreparedFirstAndClosedLast() async throws {
        let (_, recorder) = try await run(ShippedTrace(name: "clean-pull.csv"))
        let light = try #require(HapticEngine(driver: RecordingDriver()).track(for: .impact(.light)).frames.first)
        #expect(light.duration == .milliseconds(40))
        #expect(
            recorder.entries == [
                .prepare,
                .prepare,
                .apply(RumbleFrame(start: .milliseconds(83), duration: light.duration, strong: light.strong, weak: light.weak)),
                .apply(RumbleFrame(start: .milliseconds(123), duration: .zero, strong: 0, weak: 0)),
                .stop,
                .close,
            ])
    }

    @Test func theEventsAreTheReplaysOfTheStateMachine() async throws {
        for shipped in ShippedTrace.all {
            let (events, _) = try await run(shipped)
            let replayed = TraceReplay(machine: RefreshStateMachine(kind: try shipped.component())).events(for: try shipped.trace())
            #expect(events == replayed, "\(shipped)")
        }
    }
}
