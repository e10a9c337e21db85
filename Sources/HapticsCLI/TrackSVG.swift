import Haptics

/// Draws a rumble track as SVG: the strong motor's lane above the weak motor's, levels as
/// filled steps over a time axis, for people who would rather look than read.
enum TrackSVG {
    private static let laneHeight = 100.0
    private static let margin = 40.0

    /// The SVG document for `track`, titled `title`.
    static func document(for track: RumbleTrack, title: String) -> String {
        let durationMs = max(track.duration.inMilliseconds, 1)
        let plotWidth = min(max(durationMs * 2, 400), 2400)
        let scale = plotWidth / durationMs
        let width = plotWidth + 2 * margin
        let height = 2 * laneHeight + 3 * margin
        var lines = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(number(width))" height="\##(number(height))" viewBox="0 0 \##(number(width)) \##(number(height))" font-family="sans-serif" font-size="12">"##,
            ##"<title>\##(escaped(title))</title>"##,
            ##"<rect width="100%" height="100%" fill="white"/>"##,
        ]
        let lanes: [(String, String, KeyPath<RumbleFrame, Double>)] = [
            ("strong motor (low frequency)", "#c0392b", \.strong),
            ("weak motor (high frequency)", "#2874a6", \.weak),
        ]
        for (index, lane) in lanes.enumerated() {
            let base = margin + Double(index + 1) * laneHeight + Double(index) * margin
            lines.append(##"<text x="\##(number(margin))" y="\##(number(base - laneHeight - 6))">\##(lane.0)</text>"##)
            lines.append(##"<line x1="\##(number(margin))" y1="\##(number(base))" x2="\##(number(margin + plotWidth))" y2="\##(number(base))" stroke="#888"/>"##)
            lines.append(##"<path d="\##(path(track, level: lane.2, base: base, scale: scale))" fill="\##(lane.1)" fill-opacity="0.6" stroke="\##(lane.1)"/>"##)
        }
        let axis = height - margin / 2
        let tick = tickInterval(forMilliseconds: durationMs)
        var time = 0.0
        while time <= durationMs + 0.001 {
            let x = margin + time * scale
            lines.append(##"<line x1="\##(number(x))" y1="\##(number(axis - 14))" x2="\##(number(x))" y2="\##(number(axis - 8))" stroke="#888"/>"##)
            lines.append(##"<text x="\##(number(x))" y="\##(number(axis))" text-anchor="middle">\##(number(time)) ms</text>"##)
            time += tick
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n")
    }

    private static func path(_ track: RumbleTrack, level: KeyPath<RumbleFrame, Double>, base: Double, scale: Double) -> String {
        var commands = ["M \(number(margin)) \(number(base))"]
        for frame in track.frames {
            let y = base - frame[keyPath: level] * laneHeight
            commands.append("L \(number(margin + frame.start.inMilliseconds * scale)) \(number(y))")
            commands.append("L \(number(margin + frame.end.inMilliseconds * scale)) \(number(y))")
        }
        commands.append("L \(number(margin + track.duration.inMilliseconds * scale)) \(number(base)) Z")
        return commands.joined(separator: " ")
    }

    /// A round tick spacing giving about ten ticks.
    private static func tickInterval(forMilliseconds duration: Double) -> Double {
        let candidates = [10.0, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 30000, 60000, 300_000, 600_000]
        return candidates.first { duration / $0 <= 10 } ?? 3_600_000
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private static func escaped(_ text: String) -> String {
        text.reduce(into: "") { result, character in
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
    }
}
