import HapticsModel

/// Something a replayed trace produced at a time: a state change or a cue fired.
public struct TraceEvent: Sendable, Hashable {
    /// What happened: a state change, or a cue, in the machine's own vocabulary.
    public enum Kind: Sendable, Hashable {
        /// The component entered this state.
        case state(RefreshState)
        /// The machine fired this cue.
        case cue(RefreshCue)
    }

    /// The trace time of the input that caused it, in milliseconds.
    public let timeMilliseconds: Int
    /// What happened.
    public let kind: Kind

    /// Creates an event at a time.
    public init(timeMilliseconds: Int, kind: Kind) {
        self.timeMilliseconds = timeMilliseconds
        self.kind = kind
    }

    /// The event as one compact JSON object, `t_ms` first: `{"t_ms":120,"state":"pulling"}`,
    /// `{"t_ms":120,"impact":"light"}` (the style; the intensity is not printed), `{"t_ms":900,"notification":"success"}`, `{"t_ms":130,"selection":true}`,
    /// `{"t_ms":200,"pattern":true}` (a pattern configured as a cue), `{"t_ms":60,"tension":0.537}` (three decimals)
    /// or `{"t_ms":83,"tension_end":true}`.
    public var jsonLine: String {
        let value: (key: String, value: JSONValue) =
            switch kind {
            case .state(let state): ("state", .string("\(state)"))
            case .cue(.intent(.prepare)): ("prepare", .bool(true))
            case .cue(.intent(.impact(let style, _))): ("impact", .string(style.rawValue))
            case .cue(.intent(.notification(let type))): ("notification", .string(type.rawValue))
            case .cue(.intent(.selection)): ("selection", .bool(true))
            case .cue(.intent(.pattern)): ("pattern", .bool(true))
            case .cue(.tension(let level)): ("tension", .number(level))
            case .cue(.tensionEnded): ("tension_end", .bool(true))
            }
        return JSONWriter.string(
            .object([("t_ms", .number(Double(timeMilliseconds))), value]), layout: .compact, numbers: .rounded(decimals: 3))
    }

    /// What one input's `action` produced at `timeMilliseconds`: the state change first, then the cues
    /// in order. `prepare` cues are left out, as they make no output.
    public static func events(of action: RefreshAction, atMilliseconds timeMilliseconds: Int) -> [TraceEvent] {
        let change: [Kind] = action.transition.map { [.state($0.to)] } ?? []
        let cues = action.cues.filter { $0 != .intent(.prepare) }.map(Kind.cue)
        return (change + cues).map { TraceEvent(timeMilliseconds: timeMilliseconds, kind: $0) }
    }
}
