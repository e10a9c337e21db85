import Haptics

/// The pattern every contender plays: the first seconds of an AHAP file, rendered at the
/// renderer's 10 ms step, every level rounded to the 16-bit magnitude a device receives.
enum BenchTrack {
    /// Loads and renders `file` and keeps its first `seconds`. Levels are rounded to whole
    /// magnitudes before the track is made, so each program sends exactly the magnitudes of
    /// the frame file whatever its own rounding, and neighbours that would reach the device
    /// alike are merged (as a track's are), so every sounding frame is a distinct upload.
    static func make(from file: String, seconds: Int) throws -> RumbleTrack {
        let rendered = Renderer().render(try PatternFile.load(contentsOf: file).pattern)
        let end = Duration.seconds(seconds)
        let kept = rendered.frames.filter { $0.start < end }.map { frame in
            RumbleFrame(
                start: frame.start, duration: min(frame.end, end) - frame.start,
                strong: level(magnitude(frame.strong)), weak: level(magnitude(frame.weak)))
        }
        return RumbleTrack(frames: kept)
    }

    /// A level 0...1 as the device's 16-bit magnitude, rounded as the evdev driver rounds.
    static func magnitude(_ level: Double) -> Int {
        Int((min(max(level, 0), 1) * 65535).rounded())
    }

    /// The level whose magnitude is exactly `magnitude`.
    private static func level(_ magnitude: Int) -> Double {
        Double(magnitude) / 65535
    }
}
