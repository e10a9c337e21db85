public import HapticsModel

/// Replays gesture traces: each input at its `t_ms`, with the state changes and cues it causes
/// as `TraceEvent`s. `events(for:)` runs the machine alone, with no clock; `run` feeds a
/// `RefreshController` as an app's gestures would, playing the cues on a feedback.
public struct TraceReplay: Sendable {
    /// The machine each replay starts from: its component, threshold and configuration.
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

    /// Feeds `trace` to a fresh controller made like `machine`, its cues played on `output` with
    /// `machine`'s configuration: before each input it awaits `reach` with the input's `t_ms` (so a
    /// test clock gets there first), then hands `emit` what the input did, as `events(for:)` lists it.
    public func run(
        _ trace: GestureTrace,
        playingOn output: any HapticFeedback,
        reach: (Int) async -> Void = { _ in },
        emit: (TraceEvent) -> Void
    ) async {
        let controller = RefreshController(
            kind: machine.kind, height: machine.height, triggerAutomaticallyRefreshPercent: machine.triggerAutomaticallyRefreshPercent
        )
        let attachment = controller.attach(RefreshFeedback(output, configuration: machine.configuration))
        defer { attachment.cancel() }
        for timed in trace.inputs {
            await reach(timed.timeMilliseconds)
            if let action = controller.send(timed.input) {
                TraceEvent.events(of: action, atMilliseconds: timed.timeMilliseconds).forEach(emit)
            }
        }
    }
}
