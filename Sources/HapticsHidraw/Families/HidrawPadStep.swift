/// What a pad family asks of the driver after a frame, a trigger effect, a stop or a
/// wake-up: at most one report to write now, and at most one wake-up to run later.
struct HidrawPadStep: Sendable, Hashable {
    /// A wake-up: the family's `wake(generation:now:)`, called after `delay`.
    struct Wake: Sendable, Hashable {
        /// How long after the step it falls due.
        var delay: Duration
        /// The family's count when it asked, which tells a stale wake-up from a current one.
        var generation: Int
    }

    /// The report to write, or `nil`.
    var report: [UInt8]?
    /// Whether the report leaves nothing set on the pad (once it is written, the guardian is
    /// disarmed).
    var leavesNothingSet = false
    /// The wake-up to run, or `nil`.
    var wake: Wake?

    /// A step that writes `report` (if any) and asks for `wake` (if any).
    init(report: [UInt8]? = nil, leavesNothingSet: Bool = false, wake: Wake? = nil) {
        self.report = report
        self.leavesNothingSet = leavesNothingSet
        self.wake = wake
    }
}
