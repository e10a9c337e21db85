import HapticsPlayback

/// The daemon's book of running feedbacks, as pure values: who started each, when the run in
/// progress of each of its theme feedbacks ends, whether those runs repeat, and when its
/// timeout runs out. The loop thread steps it and acts on what it returns.
///
/// Reproduces feedbackd's event bookkeeping (src/fbd-event.c): `fbd_event_run_feedbacks`
/// starts every feedback of an event and, for a timeout over 0, a timer of that many seconds
/// that only marks the event expired (`on_timeout_expired`); `on_fb_ended` runs a feedback
/// again the moment it ends when the timeout is 0 (a loop) or the event has not expired yet,
/// so the run in progress when a timeout runs out finishes; the event ends (and
/// `fbd_feedback_manager` sends `FeedbackEnded`) when its last feedback has ended, with the
/// reason `NATURAL` unless `fbd_event_end_feedbacks` made it `EXPLICIT`. feedbackd never sends
/// `EXPIRED`: a timed-out loop ends naturally.
struct FeedbackRegistry {
    /// One running feedback.
    struct Entry: Equatable {
        /// The client's unique bus name.
        var client: String
        /// When the run in progress of each of its theme feedbacks ends; `nil` once that one
        /// played its last run.
        var runEnds: [MonotonicInstant?]
        /// Whether a run that ends starts again until the feedback expires (timeout 0 or over 0).
        var repeats: Bool
        /// When its timeout runs out, for timeouts over 0.
        var deadline: MonotonicInstant?
        /// Whether its timeout ran out: runs in progress finish, none starts.
        var expired = false
        /// Whether its end is signalled (`FeedbackEnded`); `Vibrate` has no id to signal.
        var signalled: Bool
        /// Whether it ends when its client leaves the bus: everything `TriggerFeedback` started
        /// (as feedbackd does), and the loops of the other interfaces, whose one-shots play
        /// out (they are fire-and-forget, e.g. from `busctl`).
        var endsWithClient: Bool
    }

    /// A run that ended at a step of time.
    struct RunEnd: Equatable {
        /// The feedback.
        var id: UInt32
        /// Which of its theme feedbacks.
        var index: Int
        /// Whether it is to run again (`restarted`) rather than be done (`finished`).
        var repeats: Bool
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

    /// Records a feedback whose theme feedbacks' first runs end at `runEnds`.
    mutating func started(
        _ id: UInt32, client: String, runEnds: [MonotonicInstant], repeats: Bool = false, deadline: MonotonicInstant? = nil,
        signalled: Bool = true, endsWithClient: Bool = true
    ) {
        entries[id] = Entry(
            client: client, runEnds: runEnds, repeats: repeats, deadline: deadline, signalled: signalled, endsWithClient: endsWithClient)
    }

    /// Ends `id` at once (`EndFeedback`, its client leaving, a failed playback): the entry it
    /// was, or `nil` for an unknown id.
    mutating func end(_ id: UInt32) -> Entry? {
        entries.removeValue(forKey: id)
    }

    /// Steps time to `now`: marks the feedbacks whose timeout ran out expired, and returns the
    /// runs that ended by then, in order, each to be `restarted` or `finished`.
    mutating func advance(to now: MonotonicInstant) -> [RunEnd] {
        guard let next = nextDeadline, next <= now else { return [] }
        var due: [UInt32] = []
        for (id, entry) in entries
        where entry.deadline.map({ $0 <= now }) == true || entry.runEnds.contains(where: { $0.map { $0 <= now } == true }) {
            due.append(id)
        }
        var ended: [RunEnd] = []
        for id in due.sorted() {
            guard var entry = entries[id] else { continue }
            if let deadline = entry.deadline, deadline <= now {
                entry.expired = true
                entry.deadline = nil
            }
            for (index, end) in entry.runEnds.enumerated() {
                guard let end, end <= now else { continue }
                ended.append(RunEnd(id: id, index: index, repeats: entry.repeats && !entry.expired))
            }
            entries[id] = entry
        }
        return ended
    }

    /// The run `index` of `id` started again and ends at `end`.
    mutating func restarted(_ id: UInt32, index: Int, until end: MonotonicInstant) {
        guard entries[id]?.runEnds.indices.contains(index) == true else { return }
        entries[id]?.runEnds[index] = end
    }

    /// The run `index` of `id` was its last; when it was the feedback's last, the feedback is
    /// gone and returned (`nil` while others still run).
    mutating func finished(_ id: UInt32, index: Int) -> Entry? {
        guard var entry = entries[id], entry.runEnds.indices.contains(index) else { return nil }
        entry.runEnds[index] = nil
        guard entry.runEnds.allSatisfy({ $0 == nil }) else {
            entries[id] = entry
            return nil
        }
        entries[id] = nil
        return entry
    }

    /// The feedbacks of `client` that end when it leaves the bus.
    func endingWithClient(_ client: String) -> [UInt32] {
        entries.filter { $0.value.client == client && $0.value.endsWithClient }.map(\.key).sorted()
    }

    /// The earliest moment something is due: a run's end or a timeout.
    var nextDeadline: MonotonicInstant? {
        var earliest: MonotonicInstant?
        for entry in entries.values {
            for end in entry.runEnds { if let end, earliest.map({ end < $0 }) ?? true { earliest = end } }
            if let deadline = entry.deadline, earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        return earliest
    }
}
