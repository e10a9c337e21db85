import PullToRefresh
import Testing

struct GestureTraceTests {
    private func timed(_ time: Int, _ input: RefreshInput) -> TimedRefreshInput {
        TimedRefreshInput(timeMilliseconds: time, input: input)
    }

    @Test func parsesSamplesIntoDragsReleaseAndScrolls() throws {
        let trace = try GestureTrace(
            csv: """
                t_ms,offset,dragging
                0,0,1
                16,30.5,1
                33,60,1
                50,60,0
                66,20,0
                """)
        #expect(
            trace.inputs == [
                timed(0, .drag(offset: 0)),
                timed(16, .drag(offset: 30.5)),
                timed(33, .drag(offset: 60)),
                timed(50, .release),
                timed(50, .scroll(offset: 60)),
                timed(66, .scroll(offset: 20)),
            ])
    }

    @Test func fingerUpSamplesBeforeAnyDragAreScrolls() throws {
        let trace = try GestureTrace(csv: "0,10,0\n10,50,1\n20,5,0\n30,0,0")
        #expect(
            trace.inputs == [
                timed(0, .scroll(offset: 10)),
                timed(10, .drag(offset: 50)),
                timed(20, .release),
                timed(20, .scroll(offset: 5)),
                timed(30, .scroll(offset: 0)),
            ])
    }

    @Test func parsesCommands() throws {
        let trace = try GestureTrace(csv: "100,end\n200,nomore\n300,reset")
        #expect(
            trace.inputs == [
                timed(100, .endRefreshing),
                timed(200, .endRefreshingWithNoMoreData),
                timed(300, .resetNoMoreData),
            ])
    }

    @Test func ignoresBlankLinesCommentsSpacesAndCarriageReturns() throws {
        let csv = "# a comment\r\n\r\n  t_ms, offset, dragging \r\n   # indented comment\r\n 0 , -2.5 , 1 \r\n\r\n40, end\r\n"
        let trace = try GestureTrace(csv: csv)
        #expect(trace.inputs == [timed(0, .drag(offset: -2.5)), timed(40, .endRefreshing)])
    }

    @Test func anEmptyTraceHasNoInputs() throws {
        #expect(try GestureTrace(csv: "").inputs.isEmpty)
        #expect(try GestureTrace(csv: "# nothing\n\nt_ms,offset,dragging\n").inputs.isEmpty)
    }

    @Test func equalTimesAreAllowed() throws {
        let trace = try GestureTrace(csv: "10,5,1\n10,end")
        #expect(trace.inputs == [timed(10, .drag(offset: 5)), timed(10, .endRefreshing)])
    }

    @Test(arguments: [
        ("0,10,1,5", GestureTraceError(line: 1, problem: .unexpectedFieldCount(4))),
        ("0,10,1\nabc", GestureTraceError(line: 2, problem: .unexpectedFieldCount(1))),
        ("x,10,1", GestureTraceError(line: 1, problem: .invalidTime("x"))),
        ("-5,10,1", GestureTraceError(line: 1, problem: .invalidTime("-5"))),
        ("1.5,10,1", GestureTraceError(line: 1, problem: .invalidTime("1.5"))),
        ("100,10,1\n50,10,1", GestureTraceError(line: 2, problem: .timeWentBackwards(previous: 100, found: 50))),
        ("100,end\n99,reset", GestureTraceError(line: 2, problem: .timeWentBackwards(previous: 100, found: 99))),
        ("0,ten,1", GestureTraceError(line: 1, problem: .invalidOffset("ten"))),
        ("0,nan,1", GestureTraceError(line: 1, problem: .invalidOffset("nan"))),
        ("0,inf,1", GestureTraceError(line: 1, problem: .invalidOffset("inf"))),
        ("0,,1", GestureTraceError(line: 1, problem: .invalidOffset(""))),
        ("0,10,2", GestureTraceError(line: 1, problem: .invalidDragging("2"))),
        ("0,10,yes", GestureTraceError(line: 1, problem: .invalidDragging("yes"))),
        ("0,stop", GestureTraceError(line: 1, problem: .unknownCommand("stop"))),
        ("0,END", GestureTraceError(line: 1, problem: .unknownCommand("END"))),
        ("0,10,1\nt_ms,offset,dragging", GestureTraceError(line: 2, problem: .misplacedHeader)),
        ("# comment\n\n0,10,1\n\nbad line", GestureTraceError(line: 5, problem: .unexpectedFieldCount(1))),
    ])
    func badLinesThrowWithTheirLineNumber(csv: String, expected: GestureTraceError) {
        #expect(throws: expected) {
            try GestureTrace(csv: csv)
        }
    }

    @Test func theFirstBadLineIsReported() {
        #expect(throws: GestureTraceError(line: 2, problem: .invalidDragging("3"))) {
            try GestureTrace(csv: "0,1,1\n10,2,3\n20,zz,1")
        }
    }
}
