/// Reads Haptica's pattern strings (`"..oO-Oo"`) into a `HapticPattern`, timed as Haptica
/// plays them (efremidze/Haptica, `Pattern.swift`: `Haptic.play(_:delay:)` and `Note`).
///
/// - `O` is a heavy impact, `o` medium, `.` light, `X` rigid and `x` soft, each played as the
///   preset of that `ImpactStyle` (so what Haptica calls `.impact(.heavy)` feels here as
///   `engine.impact(.heavy)` does).
/// - `-` waits `wait` seconds (Haptica's `delay`; 0.1 s unless told otherwise).
/// - Haptica queues impacts one after another with nothing between them but the time to
///   fire one, so impacts with no wait between them start together (and add up, as
///   overlapping events do).
/// - Every other character is ignored, as Haptica's `Note(_:delay:)` ignores it; the loaded
///   pattern notes which were.
public enum HapticaPattern {
    /// The wait a `-` stands for when none is given, in seconds.
    public static let defaultWait = 0.1
    /// The prefix that marks a Haptica string where a pattern argument is expected.
    public static let prefix = "haptica:"

    /// One impact of a Haptica string and when it starts.
    public struct Note: Sendable, Hashable {
        /// Seconds from the start of the pattern.
        public var time: Double
        /// The impact played.
        public var style: ImpactStyle

        /// Creates a note.
        public init(time: Double, style: ImpactStyle) {
            self.time = time
            self.style = style
        }
    }

    /// The symbol that waits, `-`.
    public static let waitSymbol: Character = "-"
    /// The symbols, for messages: `O (heavy), o (medium), . (light), X (rigid), x (soft) and - (wait)`.
    public static let symbols = "O (heavy), o (medium), . (light), X (rigid), x (soft) and - (wait)"

    /// The impact a symbol plays: `O` heavy, `o` medium, `.` light, `X` rigid, `x` soft;
    /// `nil` for any other character (`-` included, which waits).
    public static func style(of symbol: Character) -> ImpactStyle? {
        switch symbol {
        case "O": .heavy
        case "o": .medium
        case ".": .light
        case "X": .rigid
        case "x": .soft
        default: nil
        }
    }

    /// The impacts of `text` and their times, each `-` waiting `wait` seconds (a negative or
    /// non-finite wait counts as 0); the positions of ignored characters come second.
    public static func notes(in text: String, wait: Double = defaultWait) -> (notes: [Note], ignored: [Int]) {
        let step = wait.isFinite && wait > 0 ? wait : 0
        var notes: [Note] = []
        var ignored: [Int] = []
        var waits = 0
        for (index, character) in text.enumerated() {
            if let style = style(of: character) {
                notes.append(Note(time: Double(waits) * step, style: style))
            } else if character == waitSymbol {
                waits += 1
            } else {
                ignored.append(index)
            }
        }
        return (notes, ignored)
    }

    /// The pattern `text` plays; `source` names it in the notice about ignored characters.
    public static func load(_ text: String, wait: Double = defaultWait, source: String? = nil) -> LoadedPattern {
        var events: [HapticEvent] = []
        var curves: [ParameterCurve] = []
        let (notes, ignored) = notes(in: text, wait: wait)
        for note in notes {
            let preset = Preset.impact(note.style).pattern
            events += preset.events.map { event in
                var shifted = event
                shifted.time += note.time
                return shifted
            }
            curves += preset.curves.map { curve in
                var shifted = curve
                shifted.time += note.time
                return shifted
            }
        }
        var notices: [PatternNotice] = []
        if !ignored.isEmpty {
            let characters = Array(text)
            let listed = ignored.prefix(10).map { "'\(characters[$0])' at \($0)" }.joined(separator: ", ")
            let more = ignored.count > 10 ? " and \(ignored.count - 10) more" : ""
            notices.append(
                PatternNotice(
                    file: source ?? prefix + text, path: "",
                    message: "ignored \(listed)\(more): Haptica plays only O o . X x and -"))
        }
        return LoadedPattern(pattern: HapticPattern(events: events, curves: curves), notices: notices)
    }
}
