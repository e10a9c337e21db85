import Haptics
import PullToRefresh

/// Runs a gesture trace end to end, as an app would: a `RefreshController` whose observer is a
/// `HapticEngine` on a `ManualClock`, the clock advanced to each input's `t_ms` before the input
/// is fed, so every impact reaches the driver at its trace time, exactly and instantly; after
/// the last input the clock runs on until what was fired has played to its end.
struct TraceRunner: Sendable {
    /// The component the trace is replayed on.
    let kind: RefreshComponentKind
    /// Which cues fire, and the hysteresis of the threshold.
    let configuration: RefreshFeedbackConfiguration

    /// Feeds `trace` to a fresh controller, handing `emit` each state change and cue as it
    /// happens, and plays the cues on `driver`, which is closed at the end.
    ///
    /// - Throws: the driver's error when it cannot be prepared (a missing or forbidden device).
    func run(_ trace: GestureTrace, on driver: any HapticDriver, emit: (TraceEvent) -> Void) async throws {
        let clock = ManualClock()
        let engine = HapticEngine(driver: driver, clock: clock)
        defer { engine.close() }
        try engine.start()
        let controller = RefreshController(kind: kind)
        let token = controller.attach(RefreshFeedback(engine, configuration: configuration))
        defer { token.cancel() }
        for timed in trace.inputs {
            await clock.advance(to: ManualClock.Instant(offset: .milliseconds(timed.timeMilliseconds)))
            if let action = controller.send(timed.input) {
                TraceEvent.events(of: action, atMilliseconds: timed.timeMilliseconds).forEach(emit)
            }
        }
        await clock.run()
    }
}
