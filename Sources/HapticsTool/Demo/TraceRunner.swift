import HapticsCommandLine
import HapticsModel
import HapticsPlayback
import PullToRefresh

/// Plays a gesture trace end to end, as an app would: `TraceReplay` feeds the state machine and
/// plays its cues on a `HapticEngine` with no clock, its playback stepped to each input's
/// `t_ms` before the input, so every impact reaches the driver at its trace time, exactly and
/// instantly, after the input's state change and cue are emitted (a cause is told before what
/// it plays); after the last input it plays on until what was fired has played to its end.
struct TraceRunner: Sendable {
    /// The component the trace is replayed on.
    let kind: RefreshComponentKind
    /// Which cues fire, and the hysteresis of the threshold.
    let configuration: RefreshFeedbackConfiguration

    /// Replays `trace`, handing `emit` each state change and cue as it happens, and plays the
    /// cues on `driver`, which is closed at the end. With no driver, nothing plays: the state
    /// machine alone makes the events (`TraceReplay.events(for:)`), which are the same.
    ///
    /// - Throws: the driver's error when it cannot be prepared (a missing or forbidden device).
    func run(_ trace: GestureTrace, on driver: (any HapticDriver)?, emit: (TraceEvent) -> Void) async throws {
        let replay = TraceReplay(machine: RefreshStateMachine(kind: kind, configuration: configuration))
        guard let driver else {
            replay.events(for: trace).forEach(emit)
            return
        }
        let engine = HapticEngine(instantDriver: driver)
        do {
            try await engine.start()
        } catch {
            await engine.close()
            throw error
        }
        await replay.run(trace, playingOn: engine, reach: { engine.play(until: .milliseconds($0)) }, emit: emit)
        engine.playToEnd()
        await engine.close()
    }
}
