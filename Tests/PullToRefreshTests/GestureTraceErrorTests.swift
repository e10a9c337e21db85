import PullToRefresh
import Testing

struct GestureTraceErrorTests {
    @Test(arguments: [
        (
            GestureTraceError(line: 3, problem: .unexpectedFieldCount(4)),
            "line 3: expected a sample `t_ms,offset,dragging` (like `120,56.5,1`) or a command `t_ms,end`, "
                + "`t_ms,nomore` or `t_ms,reset`, but found 4 fields; fix the line or comment it out with `#`"
        ),
        (
            GestureTraceError(line: 1, problem: .unexpectedFieldCount(1)),
            "line 1: expected a sample `t_ms,offset,dragging` (like `120,56.5,1`) or a command `t_ms,end`, "
                + "`t_ms,nomore` or `t_ms,reset`, but found 1 field; fix the line or comment it out with `#`"
        ),
        (
            GestureTraceError(line: 2, problem: .invalidTime("x")),
            "line 2: expected t_ms as a whole number of milliseconds, 0 or more (like `120`), but found `x`"
        ),
        (
            GestureTraceError(line: 7, problem: .timeWentBackwards(previous: 100, found: 50)),
            "line 7: t_ms 50 is earlier than 100 on the line before; list the lines in time order"
        ),
        (
            GestureTraceError(line: 4, problem: .invalidOffset("ten")),
            "line 4: expected the offset as a finite number of points (like `56.5`), but found `ten`"
        ),
        (
            GestureTraceError(line: 5, problem: .invalidDragging("2")),
            "line 5: expected dragging as `1` (finger down) or `0` (finger lifted), but found `2`"
        ),
        (
            GestureTraceError(line: 6, problem: .unknownCommand("stop")),
            "line 6: expected the command `end`, `nomore` or `reset` after t_ms, but found `stop`"
        ),
        (
            GestureTraceError(line: 9, problem: .misplacedHeader),
            "line 9: the header `t_ms,offset,dragging` may only be the first line that is not blank or a comment; "
                + "remove this one"
        ),
    ])
    func descriptionGivesTheLineWhatWasExpectedAndTheFix(error: GestureTraceError, expected: String) {
        #expect(error.description == expected)
    }
}
