/// What a pad family asks of the driver after a frame, a trigger effect, a stop or a
/// wake-up: the reports to write now (most families write at most one), and at most one
/// wake-up to run later.
struct HidrawPadStep: Sendable, Hashable {
    /// A wake-up: the family's `wake(generation:now:)`, called after `delay`.
    struct Wake: Sendable, Hashable {
        /// How long after the step it falls due.
        var delay: Duration
        /// The family's count when it asked, which tells a stale wake-up from a current one.
        var generation: Int
    }

    /// The reports to write, in order.
    var reports: [[UInt8]]
    /// Whether the reports leave nothing set on the pad (once they are written, the guardian
    /// is disarmed).
    var leavesNothingSet = false
    /// The wake-up to run, or `nil`.
    var wake: Wake?

    /// A step that writes `report` (if any) and asks for `wake` (if any).
    init(report: [UInt8]? = nil, leavesNothingSet: Bool = false, wake: Wake? = nil) {
        self.init(reports: report.map { [$0] } ?? [], leavesNothingSet: leavesNothingSet, wake: wake)
    }

    /// A step that writes `reports` in order and asks for `wake` (if any).
    init(reports: [[UInt8]], leavesNothingSet: Bool = false, wake: Wake? = nil) {
        self.reports = reports
        self.leavesNothingSet = leavesNothingSet
        self.wake = wake
    }

    /// The first report to write, or `nil` when there is none.
    var report: [UInt8]? { reports.first }
}
