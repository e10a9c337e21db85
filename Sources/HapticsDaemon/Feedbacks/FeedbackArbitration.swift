/// Which running feedbacks sound on each pad, as pure values: the rule between hapticsd's
/// clients, instead of mixing everything.
///
/// - A `preempting` feedback sounds; while one runs on a pad, every `normal` feedback on that
///   pad is silenced: those sounding when it starts stop, those starting meanwhile start
///   silent. Their time goes on (timeouts, the ends of their runs) as if they sounded.
/// - Pre-empting feedbacks mix with each other.
/// - When the last pre-empting feedback on a pad ends, its silenced feedbacks are released,
///   in the order of their ids; the daemon restarts the runs of those that loop, and lets the
///   others end at the time they would have ended (`natural`), silent.
///
/// `Pad` names an engine; a feedback playing on several has its say on each.
struct FeedbackArbitration<Pad: Hashable> {
    /// The pre-empting feedbacks running on each pad.
    private var preempting: [Pad: Set<UInt32>] = [:]
    /// The normal feedbacks running on each pad, and whether each is silenced there.
    private var normal: [Pad: [UInt32: Bool]] = [:]

    /// What a start decides.
    struct Start: Equatable {
        /// Whether the feedback sounds now.
        var sounds: Bool
        /// The normal feedbacks it silences on the pad, in the order of their ids.
        var silences: [UInt32]
    }

    /// Feedback `id` of `priority` starts on `pad` (again: a second start changes nothing).
    mutating func start(_ id: UInt32, _ priority: FeedbackPriority, on pad: Pad) -> Start {
        switch priority {
        case .preempting:
            preempting[pad, default: []].insert(id)
            let silenced = (normal[pad] ?? [:]).filter { !$0.value }.keys.sorted()
            for other in silenced { normal[pad]?[other] = true }
            return Start(sounds: true, silences: silenced)
        case .normal:
            let silent = !(preempting[pad] ?? []).isEmpty
            if normal[pad]?[id] == nil { normal[pad, default: [:]][id] = silent }
            return Start(sounds: !(normal[pad]?[id] ?? false), silences: [])
        }
    }

    /// Whether feedback `id` sounds on `pad` now (`false` for one that does not run there).
    func sounds(_ id: UInt32, on pad: Pad) -> Bool {
        if preempting[pad]?.contains(id) == true { return true }
        return normal[pad]?[id] == false
    }

    /// Feedback `id` ended: returns, for each pad it was the last pre-empting feedback on, the
    /// feedbacks released there, in the order of their ids.
    mutating func end(_ id: UInt32) -> [Pad: [UInt32]] {
        var released: [Pad: [UInt32]] = [:]
        for pad in Array(normal.keys) {
            normal[pad]?[id] = nil
            if normal[pad]?.isEmpty == true { normal[pad] = nil }
        }
        for pad in Array(preempting.keys) where preempting[pad]?.remove(id) != nil {
            guard preempting[pad]?.isEmpty == true else { continue }
            preempting[pad] = nil
            let silenced = (normal[pad] ?? [:]).filter(\.value).keys.sorted()
            for other in silenced { normal[pad]?[other] = false }
            if !silenced.isEmpty { released[pad] = silenced }
        }
        return released
    }
}
