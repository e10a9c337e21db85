/// Why a line of a gesture trace could not be read, with its line number.
public struct GestureTraceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with a line.
    public enum Problem: Sendable, Hashable {
        /// The line has this many comma-separated fields instead of 3 (a sample) or 2 (a command).
        case unexpectedFieldCount(Int)
        /// The time field is not a whole number of milliseconds, 0 or more.
        case invalidTime(String)
        /// The time is earlier than the time of the line before.
        case timeWentBackwards(previous: Int, found: Int)
        /// The offset field is not a finite number.
        case invalidOffset(String)
        /// The dragging field is neither `1` nor `0`.
        case invalidDragging(String)
        /// The command is not `end`, `nomore` or `reset`.
        case unknownCommand(String)
        /// The header line `t_ms,offset,dragging` appears after the first line with content.
        case misplacedHeader
    }

    /// The 1-based number of the offending line.
    public let line: Int
    /// What is wrong with it.
    public let problem: Problem

    /// Creates the error for a problem on a line.
    public init(line: Int, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    /// The line number, what was expected there and how to fix it.
    public var description: String {
        "line \(line): " + explanation
    }

    private var explanation: String {
        switch problem {
        case .unexpectedFieldCount(let count):
            "expected a sample `t_ms,offset,dragging` (like `120,56.5,1`) or a command `t_ms,end`, "
                + "`t_ms,nomore` or `t_ms,reset`, but found \(count) field\(count == 1 ? "" : "s"); "
                + "fix the line or comment it out with `#`"
        case .invalidTime(let field):
            "expected t_ms as a whole number of milliseconds, 0 or more (like `120`), but found `\(field)`"
        case .timeWentBackwards(let previous, let found):
            "t_ms \(found) is earlier than \(previous) on the line before; list the lines in time order"
        case .invalidOffset(let field):
            "expected the offset as a finite number of points (like `56.5`), but found `\(field)`"
        case .invalidDragging(let field):
            "expected dragging as `1` (finger down) or `0` (finger lifted), but found `\(field)`"
        case .unknownCommand(let field):
            "expected the command `end`, `nomore` or `reset` after t_ms, but found `\(field)`"
        case .misplacedHeader:
            "the header `t_ms,offset,dragging` may only be the first line that is not blank or a comment; "
                + "remove this one"
        }
    }
}
