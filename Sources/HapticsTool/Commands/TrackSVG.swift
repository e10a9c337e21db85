import HapticsCommandLine
import HapticsModel

/// Draws a pattern and its rumble track as one SVG, 1000 px wide, for people who would rather
/// look than read:
/// - a title naming the pattern and its length;
/// - the pattern: the intensity and sharpness of its continuous events over time as lines
///   (envelopes and control curves applied, the strongest event where several overlap), and
///   each transient as a mark, a stem as high as its intensity with a tick at its sharpness;
/// - the strong and the weak motor's lanes below it, levels as filled steps;
/// - level grid lines at 0.25 steps in every panel, and one shared time axis with millisecond
///   ticks under all of them.
///
/// Parts carry `id`s and `class`es (`pattern`, `strong-motor`, `weak-motor`, `time-axis`,
/// `grid`, `intensity`, `sharpness`, `transient`) so tests and style sheets can find them.
enum TrackSVG {
    private static let width = 1000.0
    private static let left = 64.0
    private static let right = 24.0
    private static let plotWidth = width - left - right
    private static let patternPanel = (top: 90.0, height: 150.0)
    private static let lanes = [
        (id: "strong-motor", label: "strong motor (low frequency)", color: "#c0392b", top: 276.0, level: \RumbleFrame.strong),
        (id: "weak-motor", label: "weak motor (high frequency)", color: "#2874a6", top: 416.0, level: \RumbleFrame.weak),
    ]
    private static let laneHeight = 100.0
    private static let axis = 544.0
    private static let height = 584.0
    private static let maximumTitleLength = 72
    private static let intensityColor = "#d35400"
    private static let sharpnessColor = "#7d3c98"

    /// The SVG document for `pattern` and the `track` it renders to, titled `name`; with a
    /// `pad`, each lane names the actuator the motor drives on it.
    static func document(for pattern: HapticPattern, track: RumbleTrack, name: String, pad: PadProfile? = nil) -> String {
        let durationMs = max(track.duration.inMilliseconds, pattern.duration * 1000, 1)
        let scale = plotWidth / durationMs
        let length = " — \(number(pattern.duration * 1000)) ms"
        let title = name + length
        // The visible title fits the width: a file by its name without the folders, and a long
        // name cut short. The document's <title> keeps the whole name.
        let shown = name.split(separator: "/").last.map(String.init) ?? name
        let heading = (shown.count > maximumTitleLength ? shown.prefix(maximumTitleLength - 1) + "…" : shown) + length
        var lines = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(number(width))" height="\##(number(height))" viewBox="0 0 \##(number(width)) \##(number(height))" font-family="sans-serif" font-size="13">"##,
            "<title>\(escaped(title))</title>",
            ##"<rect width="100%" height="100%" fill="white"/>"##,
            ##"<text class="title" x="\##(number(left))" y="30" font-size="18" font-weight="bold">\##(escaped(heading))</text>"##,
        ]
        lines += legend()
        lines += timeGrid(durationMs: durationMs, scale: scale)
        lines += patternLines(pattern, durationMs: durationMs, scale: scale)
        for lane in lanes {
            lines.append(##"<g id="\##(lane.id)">"##)
            let label = pad.map {
                lane.id == "strong-motor" ? "strong motor: \($0.strongActuator.summary)" : "weak motor: \($0.weakActuator.summary)"
            }
            lines.append(##"<text x="\##(number(left))" y="\##(number(lane.top - 8))">\##(escaped(label ?? lane.label))</text>"##)
            lines += levelGrid(top: lane.top, height: laneHeight)
            lines.append(
                ##"<path d="\##(path(track, level: lane.level, base: lane.top + laneHeight, scale: scale))" fill="\##(lane.color)" fill-opacity="0.6" stroke="\##(lane.color)"/>"##
            )
            lines.append("</g>")
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n")
    }

    // MARK: Parts

    private static func legend() -> [String] {
        let entries =
            [
                ("intensity", ##"<line x1="0" y1="-4" x2="18" y2="-4" stroke="\##(intensityColor)" stroke-width="2"/>"##),
                (
                    "sharpness",
                    ##"<line x1="0" y1="-4" x2="18" y2="-4" stroke="\##(sharpnessColor)" stroke-width="2" stroke-dasharray="4 2"/>"##
                ),
                (
                    "transient",
                    ##"<line x1="9" y1="2" x2="9" y2="-10" stroke="\##(intensityColor)"/><circle cx="9" cy="-10" r="3.5" fill="\##(intensityColor)"/>"##
                ),
            ]
            + lanes.map {
                (
                    $0.label.prefix { $0 != " " } + " motor",
                    ##"<rect x="0" y="-10" width="18" height="10" fill="\##($0.color)" fill-opacity="0.6"/>"##
                )
            }
        var result = [##"<g class="legend">"##]
        var x = left
        for (label, swatch) in entries {
            result.append(##"<g transform="translate(\##(number(x)) 56)">\##(swatch)<text x="24" y="0">\##(label)</text></g>"##)
            x += 24 + Double(label.count) * 7.5 + 24
        }
        result.append("</g>")
        return result
    }

    /// Vertical lines at each tick across every panel, with the millisecond labels below.
    private static func timeGrid(durationMs: Double, scale: Double) -> [String] {
        var result = [##"<g id="time-axis">"##]
        let tick = tickInterval(forMilliseconds: durationMs)
        var time = 0.0
        while time <= durationMs + 0.001 {
            let x = number(left + time * scale)
            result.append(
                ##"<line class="grid time" x1="\##(x)" y1="\##(number(patternPanel.top))" x2="\##(x)" y2="\##(number(axis))" stroke="#e5e5e5"/>"##
            )
            let anchor = left + time * scale > width - right - 20 ? "end" : "middle"
            result.append(##"<text x="\##(x)" y="\##(number(axis + 18))" text-anchor="\##(anchor)">\##(number(time)) ms</text>"##)
            time += tick
        }
        result.append(
            ##"<line x1="\##(number(left))" y1="\##(number(axis))" x2="\##(number(left + plotWidth))" y2="\##(number(axis))" stroke="#444"/>"##
        )
        result.append("</g>")
        return result
    }

    /// Horizontal lines at levels 0, 0.25, ... 1 of a panel, labelled on the left.
    private static func levelGrid(top: Double, height: Double) -> [String] {
        stride(from: 0.0, through: 1.0, by: 0.25).flatMap { level -> [String] in
            let y = number(top + height * (1 - level))
            let label = level == level.rounded() ? String(Int(level)) : String(level)
            return [
                ##"<line class="grid level" data-level="\##(label)" x1="\##(number(left))" y1="\##(y)" x2="\##(number(left + plotWidth))" y2="\##(y)" stroke="\##(level == 0 ? "#888" : "#d5d5d5")"/>"##,
                ##"<text x="\##(number(left - 8))" y="\##(y)" text-anchor="end" dominant-baseline="middle" font-size="12">\##(label)</text>"##,
            ]
        }
    }

    /// The pattern's panel: intensity and sharpness lines, transient marks.
    private static func patternLines(_ pattern: HapticPattern, durationMs: Double, scale: Double) -> [String] {
        let top = patternPanel.top
        let height = patternPanel.height
        var result = [##"<g id="pattern">"##, ##"<text x="\##(number(left))" y="\##(number(top - 8))">pattern</text>"##]
        result += levelGrid(top: top, height: height)
        let y = { (level: Double) in number(top + height * (1 - level)) }
        var intensity: [String] = []
        var sharpness: [[String]] = [[]]
        let columns = Int(plotWidth)
        for column in 0...columns {
            let seconds = durationMs / 1000 * Double(column) / Double(columns)
            let x = number(left + Double(column))
            guard let level = continuousLevel(of: pattern, at: seconds) else {
                intensity.append("\(x),\(y(0))")
                if sharpness[sharpness.count - 1].isEmpty == false { sharpness.append([]) }
                continue
            }
            intensity.append("\(x),\(y(level.intensity))")
            sharpness[sharpness.count - 1].append("\(x),\(y(level.sharpness))")
        }
        result.append(
            ##"<polyline class="intensity" points="\##(intensity.joined(separator: " "))" fill="none" stroke="\##(intensityColor)" stroke-width="2"/>"##
        )
        for segment in sharpness where !segment.isEmpty {
            result.append(
                ##"<polyline class="sharpness" points="\##(segment.joined(separator: " "))" fill="none" stroke="\##(sharpnessColor)" stroke-width="2" stroke-dasharray="4 2"/>"##
            )
        }
        for event in pattern.events where event.kind == .transient {
            let x = number(left + event.time * 1000 * scale)
            let follows = event.followsParameterCurves
            let strength = min(1, max(0, event.intensity * (follows ? pattern.value(of: .intensity, at: event.time) : 1)))
            let character = min(1, max(0, event.sharpness + (follows ? pattern.value(of: .sharpness, at: event.time) : 0)))
            result.append(
                ##"<g class="transient"><line x1="\##(x)" y1="\##(y(0))" x2="\##(x)" y2="\##(y(strength))" stroke="\##(intensityColor)"/><circle cx="\##(x)" cy="\##(y(strength))" r="3.5" fill="\##(intensityColor)"/><line x1="\##(number(left + event.time * 1000 * scale - 5))" y1="\##(y(character))" x2="\##(number(left + event.time * 1000 * scale + 5))" y2="\##(y(character))" stroke="\##(sharpnessColor)" stroke-width="2"/></g>"##
            )
        }
        result.append("</g>")
        return result
    }

    /// The intensity and sharpness of the strongest continuous event playing at `time`, as
    /// the renderer applies envelope and control curves, or `nil` when none plays.
    private static func continuousLevel(of pattern: HapticPattern, at time: Double) -> (intensity: Double, sharpness: Double)? {
        let gain = pattern.value(of: .intensity, at: time)
        let offset = pattern.value(of: .sharpness, at: time)
        var best: (intensity: Double, sharpness: Double)?
        for event in pattern.events where event.kind != .transient && event.time <= time && time < event.time + event.duration {
            let follows = event.followsParameterCurves
            let intensity = min(1, max(0, event.intensity * event.envelope(at: time - event.time) * (follows ? gain : 1)))
            if intensity >= best?.intensity ?? -1 {
                best = (intensity, min(1, max(0, event.sharpness + (follows ? offset : 0))))
            }
        }
        return best
    }

    private static func path(_ track: RumbleTrack, level: KeyPath<RumbleFrame, Double>, base: Double, scale: Double) -> String {
        var commands = ["M \(number(left)) \(number(base))"]
        for frame in track.frames {
            let y = base - frame[keyPath: level] * laneHeight
            commands.append("L \(number(left + frame.start.inMilliseconds * scale)) \(number(y))")
            commands.append("L \(number(left + frame.end.inMilliseconds * scale)) \(number(y))")
        }
        commands.append("L \(number(left + track.duration.inMilliseconds * scale)) \(number(base)) Z")
        return commands.joined(separator: " ")
    }

    // MARK: Numbers and text

    /// A round tick spacing giving at most ten ticks.
    private static func tickInterval(forMilliseconds duration: Double) -> Double {
        let candidates = [1.0, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 30000, 60000, 300_000, 600_000]
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
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
    }
}
