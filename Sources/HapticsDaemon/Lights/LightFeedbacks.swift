import FeedbackTheme
import HapticsEvdev
import HapticsModel
import HapticsPlayback

/// The `Led` feedbacks shown on the pads' light bars, on the loop thread: each bar shows the
/// latest feedback started on it (the earlier ones again when it ends), blinking as its
/// `BlinkSchedule` says, and gets back what it showed before the first when the last ends.
/// Decisions come from the schedules; this type only writes what changed, when asked to step
/// time. A bar whose write fails (its pad unplugged) is dropped, said once in the log.
final class LightFeedbacks {
    /// One light bar showing feedbacks.
    private struct Shown {
        let bar: LightBar
        /// What it showed before the first feedback.
        let before: LightBarReading
        /// The feedbacks on it, oldest first: the last one shows.
        var blinks: [(id: UInt32, schedule: BlinkSchedule)]
        /// The colour written last.
        var written: LightColor?
    }

    private let lightBars: () -> [LightBar]
    private let log: (String) -> Void
    private var shown: [String: Shown] = [:]
    /// When a shown colour changes next.
    private(set) var nextDeadline: MonotonicInstant?

    /// Shows feedbacks on the bars `lightBars` finds when each starts, logging to `log`.
    init(lightBars: @escaping () -> [LightBar], log: @escaping (String) -> Void) {
        self.lightBars = lightBars
        self.log = log
    }

    /// The light bars of the pads driven now.
    var bars: [LightBar] { lightBars() }

    /// Shows `led` as feedback `id` from `now` on `bars`.
    func start(_ id: UInt32, _ led: LedFeedback, on bars: [LightBar], now: MonotonicInstant) {
        let schedule = BlinkSchedule(led, from: now)
        for bar in bars {
            var entry = shown[bar.node] ?? Shown(bar: bar, before: bar.restorable(), blinks: [], written: nil)
            entry.blinks.append((id, schedule))
            shown[bar.node] = entry
        }
        advance(now: now)
    }

    /// Ends feedback `id`: its bars show the feedback before it, or what they showed before
    /// any.
    func end(_ id: UInt32, now: MonotonicInstant) {
        for (node, var entry) in shown where entry.blinks.contains(where: { $0.id == id }) {
            entry.blinks.removeAll { $0.id == id }
            if entry.blinks.isEmpty {
                shown[node] = nil
                do throws(LightError) { try entry.bar.write(entry.before) } catch {
                    log("hapticsd: cannot restore the light bar of \(node): \(error)")
                }
            } else {
                shown[node] = entry
            }
        }
        advance(now: now)
    }

    /// Gives every bar back what it showed before the feedbacks on it, which are forgotten.
    func restoreAll() {
        for (node, entry) in shown {
            do throws(LightError) { try entry.bar.write(entry.before) } catch {
                log("hapticsd: cannot restore the light bar of \(node): \(error)")
            }
        }
        shown = [:]
        nextDeadline = nil
    }

    /// Writes each bar's colour at `now` where it changed, and finds the next change.
    func advance(now: MonotonicInstant) {
        var next: MonotonicInstant?
        for (node, var entry) in shown {
            guard let schedule = entry.blinks.last?.schedule else { continue }
            let color = schedule.color(at: now)
            if color != entry.written {
                do throws(LightError) {
                    try entry.bar.show(color)
                } catch {
                    log("hapticsd: dropping the light bar of \(node): \(error)")
                    shown[node] = nil
                    continue
                }
                entry.written = color
                shown[node] = entry
            }
            if let change = schedule.nextChange(after: now), next.map({ change < $0 }) ?? true { next = change }
        }
        nextDeadline = next
    }
}
