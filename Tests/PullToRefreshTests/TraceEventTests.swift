import PullToRefresh
import Testing
import Haptics

struct TraceEventTests {
    @Test(arguments: [
        (TraceEvent(timeMilliseconds: 120, kind: .state(.pulling)), #"{"t_ms":120,"state":"pulling"}"#),
        (TraceEvent(timeMilliseconds: 0, kind: .state(.willRefresh)), #"{"t_ms":0,"state":"willRefresh"}"#),
        (TraceEvent(timeMilliseconds: 4800, kind: .state(.noMoreData)), #"{"t_ms":4800,"state":"noMoreData"}"#),
        (TraceEvent(timeMilliseconds: 120, kind: .cue(.impact(.light, intensity: 1))), #"{"t_ms":120,"impact":"light"}"#),
        (TraceEvent(timeMilliseconds: 140, kind: .cue(.impact(.soft, intensity: 1))), #"{"t_ms":140,"impact":"soft"}"#),
        (TraceEvent(timeMilliseconds: 900, kind: .cue(.notification(.success))), #"{"t_ms":900,"notification":"success"}"#),
        (TraceEvent(timeMilliseconds: 130, kind: .cue(.selection)), #"{"t_ms":130,"selection":true}"#),
    ])
    func jsonLineIsCompactWithTimeFirst(event: TraceEvent, expected: String) {
        #expect(event.jsonLine == expected)
    }

    @Test func anActionGivesItsStateChangeThenItsCuesWithoutPrepare() {
        let action = RefreshAction(
            transition: RefreshTransition(from: .idle, to: .pulling),
            cues: [.prepare, .impact(.light, intensity: 1), .notification(.warning), .selection])
        #expect(TraceEvent.events(of: action, atMilliseconds: 83) == [
            TraceEvent(timeMilliseconds: 83, kind: .state(.pulling)),
            TraceEvent(timeMilliseconds: 83, kind: .cue(.impact(.light, intensity: 1))),
            TraceEvent(timeMilliseconds: 83, kind: .cue(.notification(.warning))),
            TraceEvent(timeMilliseconds: 83, kind: .cue(.selection)),
        ])
    }

    @Test func anActionWithOnlyAPrepareGivesNothing() {
        #expect(TraceEvent.events(of: RefreshAction(transition: nil, cues: [.prepare]), atMilliseconds: 0) == [])
    }
}
