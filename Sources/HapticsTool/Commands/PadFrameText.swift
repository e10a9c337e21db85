import HapticsModel

/// How `haptics render --pad` writes a track shaped for a pad: each motor named by the side
/// it drives on that pad, with the amplitude step its driver sends.
enum PadFrameText {
    /// The comment line before the text frames: the profile's facts.
    static func header(for pad: PadProfile) -> String {
        let hold = pad.resendInterval.map { "a held level re-sent every \(milliseconds($0)) ms" } ?? "a held level needs no re-send"
        return "# \(pad.name): \(pad.title); strong motor: \(pad.strongActuator.summary); weak motor: \(pad.weakActuator.summary); "
            + "steps 0...\(pad.steps.topStep); shortest pulse \(milliseconds(pad.shortestPulse)) ms; \(hold); "
            + "sharpness \(pad.sharpness.rawValue)"
    }

    /// One frame as a line: start, each motor by its side with its level, bar and step, and
    /// the duration.
    static func line(for frame: RumbleFrame, on pad: PadProfile) -> String {
        let start = "\(milliseconds(frame.start))"
        return String(repeating: " ", count: max(0, 7 - start.count)) + start + " ms  "
            + motor("strong", pad.strongActuator, frame.strong, pad) + "  " + motor("weak", pad.weakActuator, frame.weak, pad)
            + "  \(milliseconds(frame.duration)) ms"
    }

    /// One frame as JSON: `t_ms`, `duration_ms`, the levels the pad plays (`strong`, `weak`)
    /// and the steps its driver sends (`strong_step`, `weak_step`).
    static func jsonValue(for frame: RumbleFrame, on pad: PadProfile) -> JSONValue {
        .object([
            ("t_ms", .number(frame.start.inMilliseconds)), ("duration_ms", .number(frame.duration.inMilliseconds)),
            ("strong", .number(frame.strong)), ("weak", .number(frame.weak)),
            ("strong_step", .number(Double(step(frame.strong, pad)))), ("weak_step", .number(Double(step(frame.weak, pad)))),
        ])
    }

    /// The step the driver sends for `level`.
    static func step(_ level: Double, _ pad: PadProfile) -> Int {
        level > 0 ? pad.steps.nearestStep(to: level) : 0
    }

    private static func motor(_ name: String, _ actuator: Actuator, _ level: Double, _ pad: PadProfile) -> String {
        let label = actuator.side.map { "\(name) (\($0.rawValue))" } ?? name
        let step = "\(step(level, pad))/\(pad.steps.topStep)"
        let width = 2 * "\(pad.steps.topStep)".count + 1
        return label + " " + FrameFormat.level(level) + " " + String(repeating: " ", count: max(0, width - step.count)) + step
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.inMilliseconds.rounded())
    }
}
