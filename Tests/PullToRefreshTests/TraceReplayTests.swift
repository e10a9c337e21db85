import Foundation
import Haptics
import HapticsTesting
import PullToRefresh
import Testing

struct TraceReplayTests {
    /// Reads a trace shipped in the package's `Traces/` folder.
    private func shippedTrace(_ name: String) throws -> GestureTrace {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = packageRoot.appendingPathComponent("Traces").appendingPathComponent(name)
        return try GestureTrace(csv: String(contentsOf: url, encoding: .utf8))
    }

    private func jsonLines(_ trace: GestureTrace, _ machine: RefreshStateMachine) -> [String] {
        TraceReplay(machine: machine).events(for: trace).map(\.jsonLine)
    }

    @Test func cleanPull() throws {
        let trace = try shippedTrace("clean-pull.csv")
        #expect(
            jsonLines(trace, RefreshStateMachine(kind: .header)) == [
                #"{"t_ms":83,"state":"pulling"}"#,
                #"{"t_ms":83,"impact":"light"}"#,
                #"{"t_ms":133,"state":"refreshing"}"#,
                #"{"t_ms":1200,"state":"idle"}"#,
            ])
    }

    @Test func cleanPullWithSuccessOnEnd() throws {
        let trace = try shippedTrace("clean-pull.csv")
        let machine = RefreshStateMachine(kind: .header, configuration: RefreshFeedbackConfiguration(notifiesSuccessOnEnd: true))
        #expect(
            jsonLines(trace, machine) == [
                #"{"t_ms":83,"state":"pulling"}"#,
                #"{"t_ms":83,"impact":"light"}"#,
                #"{"t_ms":133,"state":"refreshing"}"#,
                #"{"t_ms":1200,"state":"idle"}"#,
                #"{"t_ms":1200,"notification":"success"}"#,
            ])
    }

    @Test func releasedEarlyFiresNothing() throws {
        let trace = try shippedTrace("released-early.csv")
        try #require(trace.inputs.count == 15)
        #expect(jsonLines(trace, RefreshStateMachine(kind: .header)) == [])
    }

    @Test func tremblingWithoutHysteresisBuzzesAtEveryCrossing() throws {
        let trace = try shippedTrace("trembling.csv")
        #expect(
            jsonLines(trace, RefreshStateMachine(kind: .header)) == [
                #"{"t_ms":80,"state":"pulling"}"#,
                #"{"t_ms":80,"impact":"light"}"#,
                #"{"t_ms":100,"state":"idle"}"#,
                #"{"t_ms":120,"state":"pulling"}"#,
                #"{"t_ms":120,"impact":"light"}"#,
                #"{"t_ms":140,"state":"idle"}"#,
                #"{"t_ms":160,"state":"pulling"}"#,
                #"{"t_ms":160,"impact":"light"}"#,
                #"{"t_ms":180,"state":"idle"}"#,
                #"{"t_ms":200,"state":"pulling"}"#,
                #"{"t_ms":200,"impact":"light"}"#,
                #"{"t_ms":220,"state":"idle"}"#,
                #"{"t_ms":240,"state":"pulling"}"#,
                #"{"t_ms":240,"impact":"light"}"#,
                #"{"t_ms":260,"state":"idle"}"#,
                #"{"t_ms":280,"state":"pulling"}"#,
                #"{"t_ms":280,"impact":"light"}"#,
                #"{"t_ms":300,"state":"idle"}"#,
                #"{"t_ms":320,"state":"pulling"}"#,
                #"{"t_ms":320,"impact":"light"}"#,
                #"{"t_ms":360,"state":"refreshing"}"#,
                #"{"t_ms":1400,"state":"idle"}"#,
            ])
    }

    @Test func tremblingWithHysteresisBuzzesOnlyAfterARealDip() throws {
        let trace = try shippedTrace("trembling.csv")
        let machine = RefreshStateMachine(kind: .header, configuration: RefreshFeedbackConfiguration(hysteresis: 5))
        #expect(
            jsonLines(trace, machine) == [
                #"{"t_ms":80,"state":"pulling"}"#,
                #"{"t_ms":80,"impact":"light"}"#,
                #"{"t_ms":260,"state":"idle"}"#,
                #"{"t_ms":280,"state":"pulling"}"#,
                #"{"t_ms":280,"impact":"light"}"#,
                #"{"t_ms":360,"state":"refreshing"}"#,
                #"{"t_ms":1400,"state":"idle"}"#,
            ])
    }

    @Test func tremblingWithADeactivationCueTicksOnEveryReturnToIdle() throws {
        let trace = try shippedTrace("trembling.csv")
        let machine = RefreshStateMachine(kind: .header, configuration: RefreshFeedbackConfiguration(deactivationCue: .selection))
        let events = TraceReplay(machine: machine).events(for: trace)
        #expect(events.filter { $0.kind == .cue(.intent(.selection)) }.map(\.timeMilliseconds) == [100, 140, 180, 220, 260, 300])
        #expect(events.filter { $0.kind == .cue(.intent(.impact(.light, intensity: 1))) }.count == 7)
    }

    @Test func noMoreData() throws {
        let trace = try shippedTrace("no-more-data.csv")
        #expect(
            jsonLines(trace, RefreshStateMachine(kind: .backFooter)) == [
                #"{"t_ms":50,"state":"pulling"}"#,
                #"{"t_ms":50,"impact":"light"}"#,
                #"{"t_ms":83,"state":"refreshing"}"#,
                #"{"t_ms":900,"state":"idle"}"#,
                #"{"t_ms":1533,"state":"pulling"}"#,
                #"{"t_ms":1533,"impact":"light"}"#,
                #"{"t_ms":1550,"state":"refreshing"}"#,
                #"{"t_ms":2400,"state":"noMoreData"}"#,
                #"{"t_ms":3500,"state":"idle"}"#,
                #"{"t_ms":4033,"state":"pulling"}"#,
                #"{"t_ms":4033,"impact":"light"}"#,
                #"{"t_ms":4050,"state":"refreshing"}"#,
                #"{"t_ms":4800,"state":"idle"}"#,
            ])
    }

    @Test func replayingTwiceGivesTheSameEvents() throws {
        let trace = try shippedTrace("no-more-data.csv")
        let replay = TraceReplay(machine: RefreshStateMachine(kind: .backFooter))
        #expect(replay.events(for: trace) == replay.events(for: trace))
        #expect(replay.machine.state == .idle)
    }

    @Test(arguments: [
        ("clean-pull.csv", RefreshComponentKind.header, 1),
        ("released-early.csv", .header, 1),
        ("trembling.csv", .header, 1),
        ("no-more-data.csv", .backFooter, 3),
    ])
    func aControllerPlaysWhatTheReplayLists(name: String, kind: RefreshComponentKind, drags: Int) throws {
        let trace = try shippedTrace(name)
        let replayed = TraceReplay(machine: RefreshStateMachine(kind: kind)).events(for: trace)
        let controller = RefreshController(kind: kind)
        let recorder = RecordingFeedback()
        let token = controller.attach(RefreshFeedback(recorder))
        for timed in trace.inputs {
            controller.send(timed.input)
        }
        let replayedImpacts = replayed.compactMap { event in
            if case .cue(.intent(.impact(let style, _))) = event.kind { style } else { nil }
        }
        #expect(recorder.impactStyles == replayedImpacts)
        #expect(recorder.intents.filter { $0 == .prepare }.count == drags)
        #expect(controller.state == .idle)
        token.cancel()
    }

    @Test(arguments: ["clean-pull.csv", "trembling.csv"])
    func runningOnAFeedbackEmitsWhatTheEventsListAndPlaysTheCues(name: String) async throws {
        let trace = try shippedTrace(name)
        let replay = TraceReplay(
            machine: RefreshStateMachine(kind: .header, configuration: RefreshFeedbackConfiguration(tension: RefreshTension())))
        let recorder = RecordingFeedback()
        var reached: [Int] = []
        var emitted: [TraceEvent] = []
        await replay.run(trace, playingOn: recorder, reach: { reached.append($0) }, emit: { emitted.append($0) })
        #expect(emitted == replay.events(for: trace))
        #expect(reached == trace.inputs.map(\.timeMilliseconds))
        #expect(
            recorder.impactStyles == emitted.compactMap { if case .cue(.intent(.impact(let style, _))) = $0.kind { style } else { nil } })
        #expect(recorder.calls.contains { if case .playbackStarted = $0 { true } else { false } })
    }

    /// Each input's events are told before its cues play: what the feedback has received when
    /// an event is emitted is only what earlier inputs fired.
    @Test(arguments: ["clean-pull.csv", "trembling.csv"])
    func eachInputsEventsAreEmittedBeforeItsCuesPlay(name: String) async throws {
        let trace = try shippedTrace(name)
        let replay = TraceReplay(machine: RefreshStateMachine(kind: .header))
        let recorder = RecordingFeedback()
        var impactsPlayedWhenEmitted: [Int] = []
        await replay.run(trace, playingOn: recorder) { event in
            if case .cue(.intent(.impact)) = event.kind { impactsPlayedWhenEmitted.append(recorder.impactStyles.count) }
        }
        try #require(!impactsPlayedWhenEmitted.isEmpty)
        #expect(impactsPlayedWhenEmitted == Array(impactsPlayedWhenEmitted.indices), "the impact played before it was told")
        #expect(recorder.impactStyles.count == impactsPlayedWhenEmitted.count)
    }
}
