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
        return trace.inputs.flatMap { timed in
            machine.event(timed.input).map { TraceEvent.events(of: $0, atMilliseconds: timed.timeMilliseconds) } ?? []
        }
    }
}
