/// Shapes a rendered track's frames to a pad (`RenderSettings.pad`), in this order:
/// 1. each level becomes the level of the pad's nearest amplitude step, and a level above
///    zero never becomes silence (`AmplitudeSteps.nearestStep(to:)`); neighbours that now
///    match merge;
/// 2. a sounding stretch shorter than the pad's `shortestPulse` holds its last levels into
///    the silence after it, up to that length (never into the next sound, and past the end
///    of the track when it is the last);
/// 3. a sounding frame longer than the pad's `resendInterval` is cut into frames of that
///    length, so the same levels are sent again before the pad would drop them.
enum PadFitting {
    /// `frames` (contiguous, from zero) shaped to `pad`.
    static func fit(_ frames: [RumbleFrame], to pad: PadProfile) -> [RumbleFrame] {
        let quantized = frames.map { frame in
            RumbleFrame(
                start: frame.start, duration: frame.duration, strong: pad.steps.quantized(frame.strong),
                weak: pad.steps.quantized(frame.weak))
        }
        let lengthened = merged(holdingShortPulses(merged(quantized), for: pad.shortestPulse))
        guard let interval = pad.resendInterval else { return lengthened }
        return lengthened.flatMap { resent($0, every: interval) }
    }

    /// Neighbouring frames of equal levels as one.
    private static func merged(_ frames: [RumbleFrame]) -> [RumbleFrame] {
        var result: [RumbleFrame] = []
        for frame in frames {
            if let last = result.last, last.strong == frame.strong, last.weak == frame.weak {
                result[result.count - 1].duration += frame.duration
            } else {
                result.append(frame)
            }
        }
        return result
    }

    /// Each sounding stretch shorter than `pulse` held into the silence after it.
    private static func holdingShortPulses(_ frames: [RumbleFrame], for pulse: Duration) -> [RumbleFrame] {
        var result = frames
        var index = 0
        while index < result.count {
            guard !result[index].isSilent else {
                index += 1
                continue
            }
            let first = index
            while index + 1 < result.count, !result[index + 1].isSilent { index += 1 }
            let missing = pulse - (result[index].end - result[first].start)
            if missing > .zero {
                if index + 1 < result.count {
                    let taken = min(missing, result[index + 1].duration)
                    result[index].duration += taken
                    result[index + 1].start += taken
                    result[index + 1].duration -= taken
                    if result[index + 1].duration == .zero { result.remove(at: index + 1) }
                } else {
                    result[index].duration += missing
                }
            }
            index += 1
        }
        return result
    }

    /// A sounding frame as frames no longer than `interval`; a silent frame as it is.
    private static func resent(_ frame: RumbleFrame, every interval: Duration) -> [RumbleFrame] {
        guard !frame.isSilent, frame.duration > interval else { return [frame] }
        var pieces: [RumbleFrame] = []
        var start = frame.start
        while start < frame.end {
            let length = min(interval, frame.end - start)
            pieces.append(RumbleFrame(start: start, duration: length, strong: frame.strong, weak: frame.weak))
            start += length
        }
        return pieces
    }
}
