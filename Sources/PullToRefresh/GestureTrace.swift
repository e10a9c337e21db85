/// A recorded pull gesture and the app's calls during it, as timed inputs for a refresh state machine.
///
/// The CSV form has one entry per line:
///
/// - `t_ms,offset,dragging`: a sample. `dragging` is `1` while the finger is down, which gives
///   `drag(offset:)`. With `0` the finger is up: the first such line after finger-down samples gives
///   `release` and then `scroll(offset:)`, the later ones `scroll(offset:)`.
/// - `t_ms,end`, `t_ms,nomore`, `t_ms,reset`: `endRefreshing`, `endRefreshingWithNoMoreData`, `resetNoMoreData`.
///
/// `t_ms` is a whole number of milliseconds that never decreases. Blank lines and lines starting with `#`
/// are ignored, spaces around fields are allowed, and the first line with content may be the header
/// `t_ms,offset,dragging`.
public struct GestureTrace: Sendable, Hashable {
    /// The inputs in time order.
    public let inputs: [TimedRefreshInput]

    /// Creates a trace from inputs already in time order.
    public init(inputs: [TimedRefreshInput]) {
        self.inputs = inputs
    }

    /// Parses the CSV form of a trace.
    ///
    /// - Throws: `GestureTraceError` for the first line that cannot be read.
    public init(csv: String) throws(GestureTraceError) {
        var inputs: [TimedRefreshInput] = []
        var gesture = FingerGesture()
        var previousTime: Int?
        var hasContent = false
        let lines = csv.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") {
                continue
            }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
            if fields == ["t_ms", "offset", "dragging"] {
                guard !hasContent else {
                    throw GestureTraceError(line: lineNumber, problem: .misplacedHeader)
                }
                hasContent = true
                continue
            }
            hasContent = true
            guard fields.count == 2 || fields.count == 3 else {
                throw GestureTraceError(line: lineNumber, problem: .unexpectedFieldCount(fields.count))
            }
            let time = try Self.time(fields[0], after: previousTime, line: lineNumber)
            previousTime = time
            if fields.count == 2 {
                let input = try Self.command(fields[1], line: lineNumber)
                inputs.append(TimedRefreshInput(timeMilliseconds: time, input: input))
                continue
            }
            let offset = try Self.offset(fields[1], line: lineNumber)
            let isDragging = try Self.isDragging(fields[2], line: lineNumber)
            for input in gesture.inputs(offset: offset, fingerDown: isDragging) {
                inputs.append(TimedRefreshInput(timeMilliseconds: time, input: input))
            }
        }
        self.inputs = inputs
    }

    private static func time(_ field: Substring, after previous: Int?, line: Int) throws(GestureTraceError) -> Int {
        guard let time = Int(field), time >= 0 else {
            throw GestureTraceError(line: line, problem: .invalidTime(String(field)))
        }
        if let previous, time < previous {
            throw GestureTraceError(line: line, problem: .timeWentBackwards(previous: previous, found: time))
        }
        return time
    }

    private static func command(_ field: Substring, line: Int) throws(GestureTraceError) -> RefreshInput {
        switch field {
        case "end": .endRefreshing
        case "nomore": .endRefreshingWithNoMoreData
        case "reset": .resetNoMoreData
        default: throw GestureTraceError(line: line, problem: .unknownCommand(String(field)))
        }
    }

    private static func offset(_ field: Substring, line: Int) throws(GestureTraceError) -> Double {
        guard let offset = Double(field), offset.isFinite else {
            throw GestureTraceError(line: line, problem: .invalidOffset(String(field)))
        }
        return offset
    }

    private static func isDragging(_ field: Substring, line: Int) throws(GestureTraceError) -> Bool {
        switch field {
        case "1": true
        case "0": false
        default: throw GestureTraceError(line: line, problem: .invalidDragging(String(field)))
        }
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        let start = drop { $0.isWhitespace }
        return start.dropLast(start.reversed().prefix { $0.isWhitespace }.count)
    }
}
