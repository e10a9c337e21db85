import HapticsModel
import Testing

@testable import HapticsTool

/// The JSON lines of `haptics trigger --status`: one per trigger whose line changed.
@Suite struct TriggerStatusLinesTests {
    private let loaded = TriggerStatus(state: .feedbackLoadApplied, armPosition: 4.0 / 9, position: 0.42, mode: .feedback)
    private let free = TriggerStatus(state: .unknown, armPosition: 0, position: 0, mode: .off)

    @Test func aLineHoldsTheSideTheStatusThePositionsAndTheEffect() {
        #expect(
            TriggerStatusLines.line(side: .left, status: loaded)
                == #"{"side":"left","status":"feedback-load-applied","arm_position":0.44,"position":0.42,"effect":"feedback"}"#)
        let unnamed = TriggerStatus(state: .unknown, armPosition: 1, position: 1, mode: nil)
        #expect(
            TriggerStatusLines.line(side: .right, status: unnamed)
                == #"{"side":"right","status":"unknown","arm_position":1,"position":1,"effect":null}"#)
    }

    @Test func theFirstReportPrintsBothThenOnlyWhatChanged() {
        var lines = TriggerStatusLines()
        #expect(lines.lines(left: free, right: free).count == 2)
        #expect(lines.lines(left: free, right: free).isEmpty)
        var nudged = free
        nudged.position = 0.001
        #expect(lines.lines(left: nudged, right: free).isEmpty, "a change under the printed precision prints nothing")
        let changed = lines.lines(left: free, right: loaded)
        #expect(changed.count == 1)
        #expect(changed.first?.contains(#""side":"right""#) == true)
    }

    @Test func eachTriggersStatusIsReadAsTheEffectSetOnIt() {
        var lines = TriggerStatusLines(effects: [.left: .slopeFeedback(start: 0.1, end: 0.8, strength: 0.2, endStrength: 1)])
        let printed = lines.lines(left: loaded, right: loaded)
        #expect(printed.count == 2)
        #expect(printed.first?.contains(#""status":"slope-feedback-applying-load""#) == true, "\(printed)")
        #expect(printed.last?.contains(#""status":"feedback-load-applied""#) == true, "\(printed)")
    }
}
