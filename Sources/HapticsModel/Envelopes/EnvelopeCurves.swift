/// The pattern both envelope forms play: one continuous event under an intensity curve and a
/// sharpness curve through their control points.
enum EnvelopeCurves {
    /// One continuous event from 0 to the sum of the durations, intensity 1 and sharpness 0,
    /// so that the intensity curve (which multiplies) and the sharpness curve (which adds) set
    /// the levels: from `start`, then each point's intensity and sharpness after its duration.
    static func pattern(start: (intensity: Double, sharpness: Double), points: [(intensity: Double, sharpness: Double, duration: Double)])
        -> HapticPattern
    {
        var time = 0.0
        var intensity = [ParameterCurve.Point(time: 0, value: start.intensity)]
        var sharpness = [ParameterCurve.Point(time: 0, value: start.sharpness)]
        for point in points {
            time += point.duration
            intensity.append(ParameterCurve.Point(time: time, value: point.intensity))
            sharpness.append(ParameterCurve.Point(time: time, value: point.sharpness))
        }
        return HapticPattern(
            events: [HapticEvent(time: 0, kind: .continuous(duration: time), intensity: 1, sharpness: 0)],
            curves: [
                ParameterCurve(control: .intensity, time: 0, points: intensity),
                ParameterCurve(control: .sharpness, time: 0, points: sharpness),
            ])
    }
}
