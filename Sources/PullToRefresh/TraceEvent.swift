public import Haptics

/// Something a replayed trace produced at a time: a state change or a cue fired.
public struct TraceEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The component entered this state.
        case state(RefreshState)
        /// An impact of this style fired.
        case impact(ImpactStyle)
        /// A notification of this outcome fired.
        case notification(NotificationType)
        /// A selection tick fired.
        case selection
        /// The tension texture was set to this level.
        case tension(Double)
        /// The tension texture ended.
        case tensionEnded
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
    /// `{"t_ms":120,"impact":"light"}`, `{"t_ms":900,"notification":"success"}`, `{"t_ms":130,"selection":true}`,
    /// `{"t_ms":60,"tension":0.537}` (three decimals) or `{"t_ms":83,"tension_end":true}`.
    public var jsonLine: String {
        let time = "{\"t_ms\":\(timeMilliseconds),"
        switch kind {
        case .state(let state):
            return time + "\"state\":\"\(state)\"}"
        case .impact(let style):
            return time + "\"impact\":\"\(style.rawValue)\"}"
        case .notification(let type):
            return time + "\"notification\":\"\(type.rawValue)\"}"
        case .selection:
            return time + "\"selection\":true}"
        case .tension(let level):
            let rounded = (level * 1000).rounded() / 1000
            return time + "\"tension\":\(rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded))}"
        case .tensionEnded:
            return time + "\"tension_end\":true}"
        }
    }

    /// What one input's `action` produced at `timeMilliseconds`: the state change first, then the cues
    /// in order. `prepare` cues are left out, as they make no output.
    public static func events(of action: RefreshAction, atMilliseconds timeMilliseconds: Int) -> [TraceEvent] {
        let change: [Kind] = action.transition.map { [.state($0.to)] } ?? []
        let cues = action.cues.compactMap { cue -> Kind? in
            switch cue {
            case .prepare: nil
            case .impact(let style, _): .impact(style)
            case .notification(let type): .notification(type)
            case .selection: .selection
            case .tension(let level): .tension(level)
            case .tensionEnded: .tensionEnded
            }
        }
        return (change + cues).map { TraceEvent(timeMilliseconds: timeMilliseconds, kind: $0) }
    }
}
