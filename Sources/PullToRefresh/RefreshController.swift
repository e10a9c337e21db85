import Synchronization

/// One pull-to-refresh component: it feeds inputs to its `RefreshStateMachine` and plays the cues
/// the machine fires on a haptic feedback.
///
/// The cues go to the feedback attached last that is still attached (`attach(_:)`), or, when there
/// is none, to the `SharedRefreshFeedback` the controller was made with; with neither, nothing is
/// played. That feedback's configuration is in effect for the input, hysteresis included.
///
/// The controller is `Sendable` through a `Mutex` rather than bound to the main actor: on Linux the
/// gestures come from input-device threads or a trace replay, not from a UI run loop, and callers can
/// feed it synchronously from any of them. Cues are played after the lock is released, so a feedback
/// may call back into the controller; inputs sent from several threads at once play in lock order,
/// but their cues may interleave.
public final class RefreshController: Sendable {
    private struct Attached: Sendable {
        let id: UInt64
        let feedback: RefreshFeedback
    }

    private struct Guarded: Sendable {
        var machine: RefreshStateMachine
        var attached: [Attached] = []
        var nextAttachmentID: UInt64 = 0
    }

    /// The feedback used while nothing is attached.
    public let shared: SharedRefreshFeedback?
    private let guarded: Mutex<Guarded>
    /// Plays the cues, the tension texture of the drag under way included.
    private let cues = RefreshCuePlayer()

    /// Creates an idle controller; `shared` is the feedback it uses while nothing is attached to it,
    /// the other parameters are those of `RefreshStateMachine.init`.
    public init(
        kind: RefreshComponentKind,
        height: Double? = nil,
        triggerAutomaticallyRefreshPercent: Double = 1,
        shared: SharedRefreshFeedback? = nil
    ) {
        self.shared = shared
        let machine = RefreshStateMachine(
            kind: kind,
            height: height,
            triggerAutomaticallyRefreshPercent: triggerAutomaticallyRefreshPercent
        )
        guarded = Mutex(Guarded(machine: machine))
    }

    /// The machine's current state.
    public var state: RefreshState {
        guarded.withLock { $0.machine.state }
    }

    /// The machine's current pulling percent.
    public var pullingPercent: Double {
        guarded.withLock { $0.machine.pullingPercent }
    }

    /// Plays this controller's cues on `feedback` until the returned attachment is cancelled or
    /// released.
    ///
    /// The feedback attached last wins: it receives the cues of every input, over the shared
    /// feedback and those attached before it; when it is detached, the previous one takes over
    /// again. The controller holds the feedback strongly until then; the attachment holds the
    /// controller weakly.
    public func attach(_ feedback: RefreshFeedback) -> FeedbackAttachment {
        let id = guarded.withLock { guarded in
            let id = guarded.nextAttachmentID
            guarded.nextAttachmentID += 1
            guarded.attached.append(Attached(id: id, feedback: feedback))
            return id
        }
        return FeedbackAttachment { [weak self] in
            self?.detach(id: id)
        }
    }

    /// Feeds `input` to the machine, plays the fired cues on the feedback in effect, and returns what happened.
    @discardableResult
    public func send(_ input: RefreshInput) -> RefreshAction? {
        let fallback = shared?.feedback
        let (action, feedback) = guarded.withLock { guarded -> (RefreshAction?, RefreshFeedback?) in
            let feedback = guarded.attached.last?.feedback ?? fallback
            guarded.machine.configuration = feedback?.configuration ?? RefreshFeedbackConfiguration()
            return (guarded.machine.event(input), feedback)
        }
        if let action, let feedback {
            for cue in action.cues {
                cues.play(cue, on: feedback)
            }
        }
        return action
    }

    private func detach(id: UInt64) {
        // The detached feedback is released after the lock, not inside it.
        let detached = guarded.withLock { guarded in
            defer { guarded.attached.removeAll { $0.id == id } }
            return guarded.attached.filter { $0.id == id }
        }
        _ = detached
    }
}
