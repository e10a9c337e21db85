public import HapticsModel

/// Reads feedbackd theme JSON as feedbackd reads it, plus this project's `Haptics` type.
///
/// - `{"name", "parent-name"?, "profiles": [{"name": "full"|"quiet"|"silent", "feedbacks":
///   [{"event-name", "type", ...}]}]}`; unknown keys are ignored, as feedbackd does.
/// - `VibraRumble`: `duration` ms (the whole feedback, default 1000), `count` (default 1),
///   `pause` ms (default 0), `magnitude` 0...1 (default 0.5; feedbackd 0.0.3 has none and plays
///   0x8000 of 0xFFFF, 0.8's default is 0.5; above 1 it is ignored, as both do) — the defaults
///   of `fbd_feedback_vibra_rumble_class_init` and `fbd_feedback_vibra_class_init`.
/// - `VibraPeriodic`: `duration` (default 1000), `magnitude`, `fade-in-time` ms,
///   `fade-in-level`, read as the theme's form says (see `Magnitude`): integers as 0.0.3
///   (magnitude default 0x7FFF, 0 meaning 0x7FFF; fade-in level absent or 0 meaning the
///   magnitude, a flat level; fade-in time 0 meaning the duration: `fbd_dev_vibra_periodic` in
///   0.0.3),
///   0...1 as 0.8 (magnitude default 0.5, fade-in level 0, fade-in time 500 ms:
///   `fbd_feedback_vibra_periodic_init` in 0.8).
/// - `VibraPattern` (0.8): `magnitudes` (clamped to 0...1, as
///   `fbd_feedback_vibra_pattern_serializable_deserialize_property` does) and `durations` ms,
///   arrays of the same length.
/// - `Haptics` (this project's): exactly one of `preset` (a preset's name), `haptica` (a
///   Haptica string, with `slot` ms, default 100), `ahap` (an AHAP file) or `haptic` (a Lofelt /
///   Meta Haptics Studio `.haptic` clip), each file relative to the theme's folder, and
///   `intensity` (0...1, default 1).
/// - `Led`: `color` (`red`, `green`, `blue`, `white` or `#RRGGBB`; anything else shows white,
///   with a warning, as `color_string_to_color` in src/fbd-feedback-led.c does), `frequency` in
///   millihertz (default 0, a steady light), `max-brightness` percent (1...100, default 100);
///   `priority` is ignored (feedbackd does not use it either). See `LedFeedback`.
/// - `Dummy` (feedbackd's test type, `fbd-feedback-dummy.c`): plays nothing for `duration` ms
///   (default 0: the feedback ends at once), as a silent `VibraPattern` step.
/// - `Sound` entries are skipped, with one notice for the whole theme.
///
/// Entries feedbackd plays in an undefined way (see `VibraRumbleTiming`) load, with a warning
/// each in `LoadedTheme.warnings`. Anything else wrong is a `ThemeLoadError` naming the file
/// and the JSON path; loading is all or nothing.
public struct ThemeLoader: Sendable {
    /// The largest theme file accepted, in bytes (1 MiB; Debian's default is 6 KB).
    public static let maximumFileSize = 1024 * 1024
    /// The longest duration or pause an entry may give, in milliseconds (one minute).
    public static let maximumDuration = 60_000.0
    /// The most pulses a `VibraRumble` may give.
    public static let maximumCount = 1000

    private let loadPattern: @Sendable (String, PatternFile.Format) throws(PatternLoadError) -> LoadedPattern

    /// Creates a loader reading the pattern files themes name from disk, each in the format its
    /// key names (`ahap` or `haptic`).
    public init() {
        self.init { path, format throws(PatternLoadError) in
            try PatternFile.load(contentsOf: path, format: format)
        }
    }

    /// Creates a loader reading the pattern files themes name through `loadPattern`, given
    /// each file's path (the theme's folder prepended to a relative one) and the format its
    /// key names.
    public init(loadPattern: @escaping @Sendable (_ path: String, _ format: PatternFile.Format) throws(PatternLoadError) -> LoadedPattern) {
        self.loadPattern = loadPattern
    }

    /// Loads the theme file at `path`.
    public func load(contentsOf path: String) throws(ThemeLoadError) -> LoadedTheme {
        let bytes: [UInt8]
        do {
            bytes = try JSONDocument.bytes(atPath: path, limit: Self.maximumFileSize)
        } catch {
            throw .document(error)
        }
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        return try decode(bytes, file: path, folder: folder)
    }

    /// Decodes a theme from `bytes`; `file` names it in errors, `folder` is where relative
    /// pattern file paths start.
    public func decode(_ bytes: [UInt8], file: String, folder: String = ".") throws(ThemeLoadError) -> LoadedTheme {
        let document: JSONValue
        do {
            document = try JSONDocument.parse(
                bytes, file: file, limit: Self.maximumFileSize, expected: "a feedbackd theme ({\"name\": ..., \"profiles\": [...]})")
        } catch {
            throw .document(error)
        }
        var reader = ThemeReader(file: file, folder: folder, loadPattern: loadPattern)
        return try reader.read(document)
    }
}

/// One pass over a theme document.
private struct ThemeReader {
    let file: String
    let folder: String
    let loadPattern: @Sendable (String, PatternFile.Format) throws(PatternLoadError) -> LoadedPattern
    var skipped: [String: Int] = [:]
    var notices: [String] = []
    var warnings: [String] = []
    /// Whether the theme writes periodic magnitudes as feedbackd 0.0.3's integers.
    var integerMagnitudes = false

    init(
        file: String, folder: String,
        loadPattern: @escaping @Sendable (String, PatternFile.Format) throws(PatternLoadError) -> LoadedPattern
    ) {
        self.file = file
        self.folder = folder
        self.loadPattern = loadPattern
    }

    mutating func read(_ document: JSONValue) throws(ThemeLoadError) -> LoadedTheme {
        let root = JSONPath()
        guard case .object = document else { throw invalid(root, "a theme object ({\"name\": ..., \"profiles\": [...]})", document) }
        let name = try string(document, "name", at: root)
        var parent: String?
        if let value = document["parent-name"] {
            guard case .string(let text) = value else { throw invalid(root.appending("parent-name"), "a theme name", value) }
            parent = text
        }
        guard let profilesValue = document["profiles"] else { throw missing(root.appending("profiles"), "an array of profiles") }
        guard case .array(let profileList) = profilesValue else {
            throw invalid(root.appending("profiles"), "an array of profiles", profilesValue)
        }
        integerMagnitudes = Self.writesIntegers(profileList)
        var profiles: [FeedbackProfile: [String: ThemeFeedback]] = [:]
        var lights: [FeedbackProfile: [String: LedFeedback]] = [:]
        for (index, entry) in profileList.enumerated() {
            let path = root.appending("profiles").appending(index)
            guard case .object = entry else { throw invalid(path, "a profile object", entry) }
            let profileName = try string(entry, "name", at: path)
            guard let profile = FeedbackProfile(rawValue: profileName) else {
                throw invalid(path.appending("name"), "one of full, quiet, silent", .string(profileName))
            }
            var feedbacks = profiles[profile] ?? [:]
            var profileLights = lights[profile] ?? [:]
            let list = entry["feedbacks"] ?? .array([])
            guard case .array(let items) = list else { throw invalid(path.appending("feedbacks"), "an array of feedbacks", list) }
            for (itemIndex, item) in items.enumerated() {
                let itemPath = path.appending("feedbacks").appending(itemIndex)
                switch try feedback(item, at: itemPath) {
                case .haptic(let event, let feedback)?: feedbacks[event] = feedback
                case .light(let event, let light)?: profileLights[event] = light
                case nil: break
                }
            }
            profiles[profile] = feedbacks
            lights[profile] = profileLights
        }
        let skippedNotes = skipped.sorted { $0.key < $1.key }.map { type, count in
            "\(file): skipped \(count) \(type) \(count == 1 ? "entry" : "entries"): gamepads play haptics only"
        }
        return LoadedTheme(
            theme: FeedbackTheme(name: name, parentName: parent, profiles: profiles, lights: lights), notices: skippedNotes + notices,
            warnings: warnings)
    }

    /// One entry of a profile, by event name.
    private enum Entry {
        /// A haptic feedback.
        case haptic(String, ThemeFeedback)
        /// A `Led` feedback.
        case light(String, LedFeedback)
    }

    private mutating func feedback(_ item: JSONValue, at path: JSONPath) throws(ThemeLoadError) -> Entry? {
        guard case .object = item else { throw invalid(path, "a feedback object ({\"event-name\": ..., \"type\": ...})", item) }
        let event = try string(item, "event-name", at: path)
        let type = try string(item, "type", at: path)
        switch type {
        case "Sound":
            skipped[type, default: 0] += 1
            return nil
        case "Led":
            return .light(event, try light(item, at: path, event: event))
        case "VibraRumble":
            let rumble = ThemeFeedback.rumble(
                duration: try milliseconds(item, "duration", at: path, default: 1000),
                count: try count(item, at: path),
                pause: try milliseconds(item, "pause", at: path, default: 0),
                magnitude: try rumbleMagnitude(item, at: path, event: event)
            )
            warnAboutTiming(rumble, at: path, event: event)
            return .haptic(event, rumble)
        case "VibraPeriodic":
            return .haptic(event, try periodic(item, at: path))
        case "VibraPattern":
            return .haptic(event, .pattern(try steps(item, at: path)))
        case "Haptics":
            return .haptic(event, .haptics(try reference(item, at: path)))
        case "Dummy":
            let duration = try milliseconds(item, "duration", at: path, default: 0)
            return .haptic(event, .pattern([VibraStep(magnitude: 0, duration: duration)]))
        default:
            throw invalid(
                path.appending("type"), "one of VibraRumble, VibraPeriodic, VibraPattern, Haptics, Dummy, Sound, Led", .string(type))
        }
    }

    /// Reproduces how feedbackd reads a `Led` entry (src/fbd-feedback-led.c): `color_string_to_color`
    /// takes the four names as written and `#RRGGBB` in hexadecimal digits of any case, and
    /// shows white for anything else (or none); `frequency` (mHz) and `max-brightness` (1...100
    /// percent) are unsigned integers.
    private mutating func light(_ item: JSONValue, at path: JSONPath, event: String) throws(ThemeLoadError) -> LedFeedback {
        let white = LightColor(red: 255, green: 255, blue: 255)
        var color = white
        if case .string(let text)? = item["color"],
            let parsed = LightColor.named.first(where: { $0.name == text })?.color
                ?? (text.hasPrefix("#") ? LightColor(parsing: text) : nil)
        {
            color = parsed
        } else {
            let given = item["color"].map { if case .string(let text) = $0 { "'\(text)'" } else { $0.kindDescription } } ?? "none"
            warnings.append(
                "\(file): \(path.appending("color")): '\(event)': feedbackd reads no colour in \(given) and shows white; so does hapticsd")
        }
        let frequency = try wholeNumber(item, "frequency", at: path, in: 0...Int(UInt32.max), default: 0, unit: "millihertz")
        let brightness = try wholeNumber(item, "max-brightness", at: path, in: 1...100, default: 100, unit: "percent")
        return LedFeedback(color: color, frequency: frequency, maximumBrightness: brightness)
    }

    private func wholeNumber(
        _ object: JSONValue, _ key: String, at path: JSONPath, in range: ClosedRange<Int>, default fallback: Int, unit: String
    ) throws(ThemeLoadError) -> Int {
        guard let value = object[key] else { return fallback }
        guard case .number(let number) = value, number == number.rounded(), number >= Double(range.lowerBound),
            number <= Double(range.upperBound)
        else {
            throw invalid(path.appending(key), "a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound)", value)
        }
        return Int(number)
    }

    private func steps(_ item: JSONValue, at path: JSONPath) throws(ThemeLoadError) -> [VibraStep] {
        let magnitudes = try array(item, "magnitudes", at: path)
        let durations = try array(item, "durations", at: path)
        guard magnitudes.count == durations.count else {
            throw invalid(path.appending("durations"), "as many durations as magnitudes (\(magnitudes.count))", .array(durations))
        }
        guard !magnitudes.isEmpty else { throw invalid(path.appending("magnitudes"), "at least one magnitude", .array(magnitudes)) }
        var steps: [VibraStep] = []
        for index in magnitudes.indices {
            let magnitudePath = path.appending("magnitudes").appending(index)
            let durationPath = path.appending("durations").appending(index)
            guard case .number(let raw) = magnitudes[index], raw.isFinite else {
                throw invalid(magnitudePath, "a magnitude: a number (clamped to 0...1)", magnitudes[index])
            }
            let level = min(max(raw, 0), 1)
            steps.append(VibraStep(magnitude: level, duration: try milliseconds(durations[index], at: durationPath)))
        }
        return steps
    }

    private mutating func reference(_ item: JSONValue, at path: JSONPath) throws(ThemeLoadError) -> PatternReference {
        let intensity = try unit(item, "intensity", at: path, default: 1)
        let given = ["preset", "haptica", "ahap", "haptic"].filter { item[$0] != nil }
        guard given.count == 1, let key = given.first else {
            throw invalid(
                path, "exactly one of preset, haptica, ahap or haptic", given.isEmpty ? .null : .string(given.joined(separator: ", ")))
        }
        let text = try string(item, key, at: path)
        switch key {
        case "preset":
            guard let preset = Preset(name: text) else {
                throw invalid(path.appending("preset"), "one of \(Preset.allCases.map(\.name).joined(separator: ", "))", .string(text))
            }
            return PatternReference(source: .preset(preset), intensity: intensity)
        case "haptica":
            let slot = try milliseconds(item, "slot", at: path, default: 100)
            guard let pattern = SlottedHapticaPattern(text, slot: slot), slot > .zero else {
                throw invalid(
                    path.appending("haptica"), "a Haptica string of \(HapticaPattern.symbols), with a slot over 0 ms", .string(text))
            }
            return PatternReference(source: .haptica(pattern), intensity: intensity)
        default:
            let format: PatternFile.Format = key == "haptic" ? .haptic : .ahap
            let location = text.hasPrefix("/") ? text : "\(folder)/\(text)"
            let loaded: LoadedPattern
            do {
                loaded = try loadPattern(location, format)
            } catch {
                throw .pattern(file: file, path: path.appending(key).description, error: error)
            }
            notices += loaded.notices.map(\.description)
            let source: PatternReference.Source =
                switch format {
                case .ahap: .ahap(path: text, pattern: loaded.pattern)
                case .haptic: .haptic(path: text, pattern: loaded.pattern)
                }
            return PatternReference(source: source, intensity: intensity)
        }
    }

    // MARK: - Values

    private func string(_ object: JSONValue, _ key: String, at path: JSONPath) throws(ThemeLoadError) -> String {
        guard let value = object[key] else { throw missing(path.appending(key), "a string") }
        guard case .string(let text) = value else { throw invalid(path.appending(key), "a string", value) }
        return text
    }

    private func array(_ object: JSONValue, _ key: String, at path: JSONPath) throws(ThemeLoadError) -> [JSONValue] {
        guard let value = object[key] else { throw missing(path.appending(key), "an array") }
        guard case .array(let items) = value else { throw invalid(path.appending(key), "an array", value) }
        return items
    }

    private func milliseconds(_ object: JSONValue, _ key: String, at path: JSONPath, default fallback: Double) throws(ThemeLoadError)
        -> Duration
    {
        guard let value = object[key] else { return .microseconds(Int64(fallback * 1000)) }
        return try milliseconds(value, at: path.appending(key))
    }

    private func milliseconds(_ value: JSONValue, at path: JSONPath) throws(ThemeLoadError) -> Duration {
        guard case .number(let number) = value, number.isFinite, number >= 0, number <= ThemeLoader.maximumDuration else {
            throw invalid(path, "a number of milliseconds from 0 to \(Int(ThemeLoader.maximumDuration))", value)
        }
        return .microseconds(Int64((number * 1000).rounded()))
    }

    private func count(_ object: JSONValue, at path: JSONPath) throws(ThemeLoadError) -> Int {
        guard let value = object["count"] else { return 1 }
        guard case .number(let number) = value, number == number.rounded(), number >= 0, number <= Double(ThemeLoader.maximumCount) else {
            throw invalid(path.appending("count"), "a whole number from 0 to \(ThemeLoader.maximumCount)", value)
        }
        return Int(number)
    }

    /// Reproduces the `VibraRumble` magnitude of feedbackd 0.8 (`PROP_MAGNITUDE` in
    /// src/fbd-feedback-vibra-rumble.c: 0...1, default 0.5; a value out of range is refused by
    /// GObject and the default stays) and 0.0.3 (no magnitude: `fbd_dev_vibra_rumble` plays
    /// strong 0x8000 of 0xFFFF, the same half strength).
    private mutating func rumbleMagnitude(_ object: JSONValue, at path: JSONPath, event: String) throws(ThemeLoadError) -> Double {
        guard let value = object["magnitude"] else { return 0.5 }
        guard case .number(let number) = value, number.isFinite, number >= 0 else {
            throw invalid(path.appending("magnitude"), "a magnitude: a number from 0 to 1", value)
        }
        guard number <= 1 else {
            warnings.append(
                "\(file): \(path.appending("magnitude")): '\(event)': a VibraRumble magnitude above 1 is ignored by feedbackd; it plays at the default 0.5"
            )
            return 0.5
        }
        return number
    }

    /// Reproduces how feedbackd reads a `VibraPeriodic`: 0.0.3's integers
    /// (`fbd_dev_vibra_periodic` in src/fbd-dev-vibra.c substitutes 0x7FFF for a magnitude of
    /// 0, the magnitude for a fade-in level of 0 and the duration for a fade-in time of 0) or
    /// 0.8's 0...1 (`fbd_feedback_vibra_periodic_init`: 0.5, fading in from 0 over 500 ms).
    private func periodic(_ item: JSONValue, at path: JSONPath) throws(ThemeLoadError) -> ThemeFeedback {
        let duration = try milliseconds(item, "duration", at: path, default: 1000)
        if integerMagnitudes {
            var magnitude = try integer(item, "magnitude", at: path, default: Magnitude.periodicFull)
            if magnitude == 0 { magnitude = Magnitude.periodicFull }
            // 0.0.3's properties lack G_PARAM_CONSTRUCT: their 0x7FFF defaults never reach the
            // instance, whose fields start at 0 (`fbd_feedback_vibra_periodic_class_init`).
            var fadeInLevel = try integer(item, "fade-in-level", at: path, default: 0)
            if fadeInLevel == 0 { fadeInLevel = magnitude }
            var fadeInTime = try milliseconds(item, "fade-in-time", at: path, default: 0)
            if fadeInTime == .zero { fadeInTime = duration }
            return .periodic(
                duration: duration, magnitude: Magnitude.integerLevel(magnitude), fadeInTime: fadeInTime,
                fadeInLevel: Magnitude.integerLevel(fadeInLevel))
        }
        return .periodic(
            duration: duration,
            magnitude: try unit(item, "magnitude", at: path, default: 0.5),
            fadeInTime: try milliseconds(item, "fade-in-time", at: path, default: 500),
            fadeInLevel: try unit(item, "fade-in-level", at: path, default: 0)
        )
    }

    private func integer(_ object: JSONValue, _ key: String, at path: JSONPath, default fallback: Double) throws(ThemeLoadError) -> Double {
        guard let value = object[key] else { return fallback }
        guard case .number(let number) = value, number.isFinite, number >= 0, number <= Magnitude.integerMaximum else {
            throw invalid(path.appending(key), Magnitude.expectedInteger, value)
        }
        return number.rounded(.down)
    }

    /// Whether any `VibraPeriodic` in `profiles` gives a magnitude or fade-in level above 1:
    /// then the theme is written for feedbackd 0.0.3 (see `Magnitude`).
    private static func writesIntegers(_ profiles: [JSONValue]) -> Bool {
        profiles.contains { profile in
            guard case .array(let items)? = profile["feedbacks"] else { return false }
            return items.contains { item in
                guard case .string("VibraPeriodic")? = item["type"] else { return false }
                return ["magnitude", "fade-in-level"].contains { key in
                    if case .number(let number)? = item[key] { return number > 1 }
                    return false
                }
            }
        }
    }

    /// Warns about a `VibraRumble` feedbackd plays in an undefined way (see
    /// `VibraRumbleTiming`), saying what plays here.
    private mutating func warnAboutTiming(_ rumble: ThemeFeedback, at path: JSONPath, event: String) {
        guard case .rumble(let duration, let count, let pause, _) = rumble else { return }
        let timing = VibraRumbleTiming(
            duration: ThemeRenderer.milliseconds(duration), count: count, pause: ThemeRenderer.milliseconds(pause))
        let what: String
        switch timing.kind {
        case .pulses: return
        case .fallback:
            what =
                "duration / count equals pause: feedbackd falls back to one 1000 ms pulse cut at the duration (and one pulse of the duration on later plays); hapticsd plays one pulse of \(timing.pulses.first?.length ?? 0) ms"
        case .wrapped:
            what =
                "duration / count is below pause: feedbackd's unsigned subtraction wraps and the motor runs without a break; hapticsd plays one pulse of \(timing.end) ms"
        case .noCount:
            what = "count 0: feedbackd divides by zero and crashes; hapticsd plays nothing for \(timing.end) ms"
        }
        warnings.append("\(file): \(path): '\(event)': VibraRumble \(what)")
    }

    private func unit(_ object: JSONValue, _ key: String, at path: JSONPath, default fallback: Double) throws(ThemeLoadError) -> Double {
        guard let value = object[key] else { return fallback }
        guard case .number(let number) = value, number >= 0, number <= 1 else {
            throw invalid(path.appending(key), "a number from 0 to 1", value)
        }
        return number
    }

    private func invalid(_ path: JSONPath, _ expected: String, _ found: JSONValue) -> ThemeLoadError {
        .document(
            JSONDocumentError(file: file, path: path.description, problem: .invalidValue(expected: expected, found: found.kindDescription)))
    }

    private func missing(_ path: JSONPath, _ expected: String) -> ThemeLoadError {
        .document(JSONDocumentError(file: file, path: path.description, problem: .invalidValue(expected: expected, found: "nothing")))
    }
}
