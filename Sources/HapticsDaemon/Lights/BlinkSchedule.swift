import FeedbackTheme
import HapticsModel
import HapticsPlayback

/// What a light bar shows for a `Led` feedback at each moment on the daemon's clock, as a pure
/// value: the feedback's colour for the first half of each period of its frequency, dark for
/// the second half, from the moment it starts; the colour throughout at frequency 0.
///
/// feedbackd hands a phone's LED the kernel's pattern trigger (`fbd_dev_led_start_periodic` in
/// src/fbd-dev-led.c: "0 T/2 max T/2"), which fades from dark to the colour over half a period
/// and back. A pad's light bar takes every level as an output report, so here it switches at
/// the half periods instead: two reports a period. Half a period is at least
/// `shortestHalfPeriod` (a blink of at most 10 Hz).
struct BlinkSchedule: Equatable {
    /// The shortest time the light stays lit or dark.
    static let shortestHalfPeriod = Duration.milliseconds(50)

    /// The colour while lit.
    let color: LightColor
    /// When it starts, lit.
    let start: MonotonicInstant
    /// How long it stays lit, then dark; `nil` for a steady light.
    let halfPeriod: Duration?

    /// The schedule of `led` from `start`.
    init(_ led: LedFeedback, from start: MonotonicInstant) {
        color = led.shownColor
        self.start = start
        // The period in microseconds is 10⁹ / mHz; half of it, 5·10⁸ / mHz.
        halfPeriod = led.frequency > 0 ? max(.microseconds(500_000_000 / led.frequency), Self.shortestHalfPeriod) : nil
    }

    /// The colour at `now`: `color` or dark.
    func color(at now: MonotonicInstant) -> LightColor {
        guard let halfPeriod, now > start else { return color }
        return halves(until: now, of: halfPeriod) % 2 == 0 ? color : LightColor(red: 0, green: 0, blue: 0)
    }

    /// The first moment after `now` when the colour changes; `nil` for a steady light.
    func nextChange(after now: MonotonicInstant) -> MonotonicInstant? {
        guard let halfPeriod else { return nil }
        guard now >= start else { return start + halfPeriod }
        return start + halfPeriod * (halves(until: now, of: halfPeriod) + 1)
    }

    /// How many whole half periods passed from `start` to `now`.
    private func halves(until now: MonotonicInstant, of halfPeriod: Duration) -> Int {
        Int((now - start) / halfPeriod)
    }
}
