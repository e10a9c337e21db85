/// feedbackd's arithmetic for a `VibraRumble`, in whole milliseconds as feedbackd's `guint`s.
///
/// Reproduces `fbd_feedback_vibra_rumble_start_vibra` and `on_period_ended` in
/// src/fbd-feedback-vibra-rumble.c (the same in 0.0.3 and 0.8): `rumble = duration / count −
/// pause`, `period = rumble + pause`; the first pulse starts at once and one more every
/// `period` until `count` have played; `fbd_feedback_vibra_run` in src/fbd-feedback-vibra.c
/// ends the feedback when its `duration` timer fires, whatever still plays.
///
/// feedbackd leaves three cases undefined; this type decides them:
/// - `duration / count == pause` (`rumble` 0): feedbackd falls back to one pulse of
///   `FBD_FEEDBACK_VIBRA_DEFAULT_DURATION` (1000 ms), cut by the `duration` timer, so one pulse
///   of `min(1000, duration)`. (feedbackd also stores count 1 and pause 0 in the theme's entry,
///   so its later plays are one pulse of `duration`; this type keeps the first play's.)
/// - `duration / count < pause`: the unsigned subtraction wraps to a pulse of about 65 s that
///   feedbackd restarts every `duration / count` ms until the `duration` timer stops it: the
///   motor runs without a break from 0 to `duration`. This type plays exactly that.
/// - `count == 0`: feedbackd divides by zero (the daemon dies of SIGFPE). This type plays no
///   pulse and ends the feedback at `duration`.
public struct VibraRumbleTiming: Sendable, Hashable {
    /// One pulse: its start and length, in milliseconds.
    public struct Pulse: Sendable, Hashable {
        /// When it starts, from the feedback's start.
        public var start: Int
        /// How long the motor runs.
        public var length: Int
    }

    /// Which of feedbackd's cases the entry falls in.
    public enum Case: Sendable, Hashable {
        /// `duration / count > pause`: `count` pulses, `period` apart.
        case pulses
        /// `duration / count == pause`: feedbackd's 1000 ms fallback.
        case fallback
        /// `duration / count < pause`: the wrapped subtraction, one unbroken pulse.
        case wrapped
        /// `count == 0`: a division by zero in feedbackd; silence here.
        case noCount
    }

    /// feedbackd's `FBD_FEEDBACK_VIBRA_DEFAULT_DURATION`, the fallback pulse.
    public static let fallbackPulse = 1000

    /// The pulses, in time order.
    public let pulses: [Pulse]
    /// When the feedback ends: its `duration`.
    public let end: Int
    /// Which case made the pulses.
    public let kind: Case

    /// The timing of an entry of `duration` and `pause` ms (whole milliseconds) and `count`.
    public init(duration: Int, count: Int, pause: Int) {
        end = duration
        guard count > 0 else {
            kind = .noCount
            pulses = []
            return
        }
        let share = duration / count
        if share > pause {
            kind = .pulses
            let rumble = share - pause
            pulses = (0..<count).map { Pulse(start: $0 * share, length: rumble) }
        } else if share == pause {
            kind = .fallback
            pulses = [Pulse(start: 0, length: min(Self.fallbackPulse, duration))].filter { $0.length > 0 }
        } else {
            kind = .wrapped
            pulses = [Pulse(start: 0, length: duration)].filter { $0.length > 0 }
        }
    }
}
