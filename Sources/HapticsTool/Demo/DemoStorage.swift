import PullToRefresh
import Synchronization

/// The interactive demo's `DemoModel`, fed from several threads at once (a trigger's reader,
/// the keys, the timers): each event steps the model under a lock and nothing else; then, the
/// lock released and on the caller's thread, the cues it fired play at once, and only after
/// them is the screen told (`updates`). So the impact of a pull past the threshold reaches the
/// driver before any drawing or formatting: the decision between them is the machine's, pure
/// and cheap. Cues of events handled on two threads at once may interleave.
///
/// Once the model is finished (the person quit), further events are ignored: nothing plays
/// after the demo has ended.
final class DemoStorage: Sendable {
    /// A timer an event started: hand `event` back after `delay`.
    struct Timer: Sendable, Hashable {
        /// The event to hand back.
        let event: DemoModel.Event
        /// After how long.
        let delay: Duration
    }

    /// One element per handled event, after its cues have played: the timers it started
    /// (often none), for the screen to run and to redraw after.
    let updates: AsyncStream<[Timer]>

    private let model: Mutex<DemoModel>
    private let feedback: RefreshFeedback
    private let cues = RefreshCuePlayer()
    private let updateSink: AsyncStream<[Timer]>.Continuation

    /// Shares `model`, whose cues play on `feedback`.
    init(_ model: DemoModel, playingOn feedback: RefreshFeedback) {
        self.model = Mutex(model)
        self.feedback = feedback
        (updates, updateSink) = AsyncStream.makeStream(of: [Timer].self)
    }

    /// What the screen shows now, and whether the person has quit.
    var snapshot: (state: DemoState, isFinished: Bool) {
        model.withLock { ($0.state, $0.isFinished) }
    }

    /// Applies `event`: decides under the lock, plays the cues outside it, then tells the
    /// screen. Does nothing once the model is finished.
    func handle(_ event: DemoModel.Event) {
        let effects = model.withLock { model -> [DemoModel.Effect]? in
            model.isFinished ? nil : model.handle(event)
        }
        guard let effects else { return }
        var timers: [Timer] = []
        for effect in effects {
            switch effect {
            case .play(let cue): cues.play(cue, on: feedback)
            case .schedule(let later, let delay): timers.append(Timer(event: later, delay: delay))
            }
        }
        updateSink.yield(timers)
    }
}
