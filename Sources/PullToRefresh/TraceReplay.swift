public import HapticsModel

/// Replays gesture traces: each input at its `t_ms`, with the state changes and cues it causes
/// as `TraceEvent`s. `events(for:)` runs the machine alone, with no clock; `run` also plays the
/// cues on a feedback, as an app's gestures would, each input's events told before its cues play.
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

    /// Feeds `trace` to a fresh copy of `machine` and plays the cues it fires on `output` with
    /// `machine`'s configuration: before each input it awaits `reach` with the input's `t_ms` (so a
    /// test clock gets there first), then hands `emit` what the input did, as `events(for:)` lists
    /// it, and only then plays the input's cues, so that what the cues play comes after their cause.
    public func run(
        _ trace: GestureTrace,
        playingOn output: any HapticFeedback,
        reach: (Int) async -> Void = { _ in },
        emit: (TraceEvent) -> Void
    ) async {
        var machine = machine
        let feedback = RefreshFeedback(output, configuration: machine.configuration)
        let cues = RefreshCuePlayer()
        for timed in trace.inputs {
            await reach(timed.timeMilliseconds)
            guard let action = machine.event(timed.input) else { continue }
            TraceEvent.events(of: action, atMilliseconds: timed.timeMilliseconds).forEach(emit)
            for cue in action.cues { cues.play(cue, on: feedback) }
        }
    }
}
