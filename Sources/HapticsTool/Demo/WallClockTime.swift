import Glibc
import HapticsCommandLine

/// A time of day on the local wall clock, to the minute, as MJRefresh's header shows the last
/// update ("Today 14:03").
struct WallClockTime: Sendable, Hashable, CustomStringConvertible {
    /// 0...23.
    var hour: Int
    /// 0...59.
    var minute: Int

    /// `HH:MM`, e.g. `09:05`.
    var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// The time now, in the local time zone.
    static func current() -> WallClockTime {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return WallClockTime(hour: Int(parts.tm_hour), minute: Int(parts.tm_min))
    }
}
