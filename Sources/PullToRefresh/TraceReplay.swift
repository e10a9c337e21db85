/// Runs gesture traces through a refresh state machine, with no clock: time is the trace's `t_ms`.
public struct TraceReplay: Sendable {
    /// The machine each replay starts from.
    public let machine: RefreshStateMachine

    /// Creates a replay that starts every trace from `machine`.
    public init(machine: RefreshStateMachine) {
        self.machine = machine
    }

    /// The state changes and fired cues of `trace`, in order; within one input the state change comes first.
    /// `prepare` cues are not listed, as they make no output.
    public func events(for trace: GestureTrace) -> [TraceEvent] {
        var machine = machine
        var events: [TraceEvent] = []
        for timed in trace.inputs {
            guard let action = machine.event(timed.input) else {
                continue
            }
            if let transition = action.transition {
                events.append(TraceEvent(timeMilliseconds: timed.timeMilliseconds, kind: .state(transition.to)))
            }
            for cue in action.cues {
                if let kind = Self.eventKind(of: cue) {
                    events.append(TraceEvent(timeMilliseconds: timed.timeMilliseconds, kind: kind))
                }
            }
        }
        return events
    }

    private static func eventKind(of cue: RefreshCue) -> TraceEvent.Kind? {
        switch cue {
        case .prepare: nil
        case .impact(let style, _): .impact(style)
        case .notification(let type): .notification(type)
        case .selection: .selection
        }
    }
}
