import Haptics
import PullToRefresh
import Testing

struct TraceEventTests {
    @Test(arguments: [
        (TraceEvent(timeMilliseconds: 120, kind: .state(.pulling)), #"{"t_ms":120,"state":"pulling"}"#),
        (TraceEvent(timeMilliseconds: 0, kind: .state(.willRefresh)), #"{"t_ms":0,"state":"willRefresh"}"#),
        (TraceEvent(timeMilliseconds: 4800, kind: .state(.noMoreData)), #"{"t_ms":4800,"state":"noMoreData"}"#),
        (TraceEvent(timeMilliseconds: 120, kind: .cue(.intent(.impact(.light, intensity: 1)))), #"{"t_ms":120,"impact":"light"}"#),
        (TraceEvent(timeMilliseconds: 140, kind: .cue(.intent(.impact(.soft, intensity: 1)))), #"{"t_ms":140,"impact":"soft"}"#),
        (TraceEvent(timeMilliseconds: 900, kind: .cue(.intent(.notification(.success)))), #"{"t_ms":900,"notification":"success"}"#),
        (TraceEvent(timeMilliseconds: 130, kind: .cue(.intent(.selection))), #"{"t_ms":130,"selection":true}"#),
        (
            TraceEvent(timeMilliseconds: 200, kind: .cue(.intent(.pattern(Preset.selection.pattern, .once)))),
            #"{"t_ms":200,"pattern":true}"#
        ),
    ])
    func jsonLineIsCompactWithTimeFirst(event: TraceEvent, expected: String) {
        #expect(event.jsonLine == expected)
    }

    @Test func anActionGivesItsStateChangeThenItsCuesWithoutPrepare() {
        let action = RefreshAction(
            transition: RefreshTransition(from: .idle, to: .pulling),
            cues: [.intent(.prepare), .intent(.impact(.light, intensity: 1)), .intent(.notification(.warning)), .intent(.selection)])
        #expect(
            TraceEvent.events(of: action, atMilliseconds: 83) == [
                TraceEvent(timeMilliseconds: 83, kind: .state(.pulling)),
                TraceEvent(timeMilliseconds: 83, kind: .cue(.intent(.impact(.light, intensity: 1)))),
                TraceEvent(timeMilliseconds: 83, kind: .cue(.intent(.notification(.warning)))),
                TraceEvent(timeMilliseconds: 83, kind: .cue(.intent(.selection))),
            ])
    }

    @Test func anActionWithOnlyAPrepareGivesNothing() {
        #expect(TraceEvent.events(of: RefreshAction(transition: nil, cues: [.intent(.prepare)]), atMilliseconds: 0) == [])
    }
}
