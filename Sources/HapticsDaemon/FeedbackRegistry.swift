import HapticsPlayback

/// The daemon's book of running feedbacks, as pure values: who started each, how many of its
/// playbacks still run, why it is ending, and when its timeout runs out. The loop thread
/// steps it and acts on what it returns.
struct FeedbackRegistry {
    /// One running feedback.
    struct Entry: Equatable {
        /// The client's unique bus name.
        var client: String
        /// The playbacks not finished yet.
        var playing: Int
        /// When its timeout runs out, for timeouts over 0.
        var deadline: MonotonicInstant?
        /// Why it ends, once something ended it before its playbacks did.
        var reason: EndReason?
        /// Whether its end is signalled (`FeedbackEnded`); `Vibrate` has no id to signal.
        var signalled: Bool
        /// Whether it ends when its client leaves the bus: everything `TriggerFeedback` started
        /// (as feedbackd does), and the loops of the other interfaces, whose one-shots play
        /// out (they are fire-and-forget, e.g. from `busctl`).
        var endsWithClient: Bool
    }

    private(set) var entries: [UInt32: Entry] = [:]
    private var nextID: UInt32 = 1
    let limits: DaemonLimits

    init(limits: DaemonLimits) {
        self.limits = limits
    }

    /// A fresh id for a feedback of `client`, or the limit's error when it has too many.
    mutating func admit(_ client: String) throws(MethodError) -> UInt32 {
        let running = entries.values.count { $0.client == client && $0.signalled }
        guard running < limits.feedbacksPerClient else {
            throw .limitExceeded("\(client) already has \(running) feedbacks running, the most one client may have; end one first")
        }
        return takeID()
    }

    /// An id for a feedback no limit applies to (a `Vibrate`, which replaces the previous one).
    mutating func takeID() -> UInt32 {
        var id = nextID
        while id == 0 || entries[id] != nil { id &+= 1 }
        nextID = id &+ 1
        return id
    }

    /// Records a feedback that started `playing` playbacks.
    mutating func started(
        _ id: UInt32, client: String, playing: Int, deadline: MonotonicInstant?, signalled: Bool = true, endsWithClient: Bool = true
    ) {
        entries[id] = Entry(client: client, playing: playing, deadline: deadline, signalled: signalled, endsWithClient: endsWithClient)
    }

    /// Ends `id` for `reason` unless it is already ending; `true` when its playbacks must be
    /// stopped. An unknown id is harmless.
    mutating func end(_ id: UInt32, _ reason: EndReason) -> Bool {
        guard var entry = entries[id], entry.reason == nil else { return false }
        entry.reason = reason
        entries[id] = entry
        return true
    }

    /// One playback of `id` finished; when it was the last, the feedback is gone and the
    /// reason to signal is returned (`nil` when nothing is to be signalled).
    mutating func playbackFinished(_ id: UInt32) -> EndReason? {
        guard var entry = entries[id] else { return nil }
        entry.playing -= 1
        guard entry.playing <= 0 else {
            entries[id] = entry
            return nil
        }
        entries[id] = nil
        return entry.signalled ? entry.reason ?? .natural : nil
    }

    /// The feedbacks of `client` that end when it leaves the bus.
    func endingWithClient(_ client: String) -> [UInt32] {
        entries.filter { $0.value.client == client && $0.value.endsWithClient }.map(\.key).sorted()
    }

    /// The feedbacks whose timeout ran out by `now`, not yet ending.
    func expired(by now: MonotonicInstant) -> [UInt32] {
        entries.filter { entry in entry.value.reason == nil && entry.value.deadline.map { $0 <= now } == true }.map(\.key).sorted()
    }

    /// The earliest timeout still to run out.
    var nextDeadline: MonotonicInstant? {
        entries.values.filter { $0.reason == nil }.compactMap(\.deadline).min()
    }
}
