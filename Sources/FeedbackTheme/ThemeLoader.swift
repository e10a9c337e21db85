public import HapticsModel

/// Reads feedbackd theme JSON as feedbackd writes it, plus this project's `Haptics` type.
///
/// - `{"name", "parent-name"?, "profiles": [{"name": "full"|"quiet"|"silent", "feedbacks":
///   [{"event-name", "type", ...}]}]}`; unknown keys are ignored, as feedbackd does.
/// - `VibraRumble` (`duration` ms, default 1000; `count`, default 1; `pause` ms, default 100;
///   `magnitude`, default full), `VibraPeriodic` (`duration`, default 1000; `magnitude`,
///   default full; `fade-in-time` ms, default 0; `fade-in-level`, default 0), `VibraPattern`
///   (`magnitudes` and `durations`, arrays of the same length). Magnitudes in either form:
///   0...1 or an integer up to 0xFFFF (see `Magnitude`).
/// - `Haptics` (this project's): exactly one of `preset` (a preset's name), `haptica` (a
///   Haptica string, with `slot` ms, default 100), `ahap` (an AHAP file) or `haptic` (a Lofelt /
///   Meta Haptics Studio `.haptic` clip), each file relative to the theme's folder, and
///   `intensity` (0...1, default 1).
/// - `Sound` and `Led` entries are skipped, with one notice per type for the whole theme.
///
/// Anything else wrong is a `ThemeLoadError` naming the file and the JSON path; loading is all
/// or nothing.
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
        var profiles: [FeedbackProfile: [String: ThemeFeedback]] = [:]
        for (index, entry) in profileList.enumerated() {
            let path = root.appending("profiles").appending(index)
            guard case .object = entry else { throw invalid(path, "a profile object", entry) }
            let profileName = try string(entry, "name", at: path)
            guard let profile = FeedbackProfile(rawValue: profileName) else {
                throw invalid(path.appending("name"), "one of full, quiet, silent", .string(profileName))
            }
            var feedbacks = profiles[profile] ?? [:]
            let list = entry["feedbacks"] ?? .array([])
            guard case .array(let items) = list else { throw invalid(path.appending("feedbacks"), "an array of feedbacks", list) }
            for (itemIndex, item) in items.enumerated() {
                let itemPath = path.appending("feedbacks").appending(itemIndex)
                if let (event, feedback) = try feedback(item, at: itemPath) { feedbacks[event] = feedback }
            }
            profiles[profile] = feedbacks
        }
        let skippedNotes = skipped.sorted { $0.key < $1.key }.map { type, count in
            "\(file): skipped \(count) \(type) \(count == 1 ? "entry" : "entries"): gamepads play haptics only"
        }
        return LoadedTheme(theme: FeedbackTheme(name: name, parentName: parent, profiles: profiles), notices: skippedNotes + notices)
    }

    private mutating func feedback(_ item: JSONValue, at path: JSONPath) throws(ThemeLoadError) -> (String, ThemeFeedback)? {
        guard case .object = item else { throw invalid(path, "a feedback object ({\"event-name\": ..., \"type\": ...})", item) }
        let event = try string(item, "event-name", at: path)
        let type = try string(item, "type", at: path)
        switch type {
        case "Sound", "Led":
            skipped[type, default: 0] += 1
            return nil
        case "VibraRumble":
            return (
                event,
                .rumble(
                    duration: try milliseconds(item, "duration", at: path, default: 1000),
                    count: try count(item, at: path),
                    pause: try milliseconds(item, "pause", at: path, default: 100),
                    magnitude: try magnitude(item, "magnitude", at: path, default: 1)
                )
            )
        case "VibraPeriodic":
            return (
                event,
                .periodic(
                    duration: try milliseconds(item, "duration", at: path, default: 1000),
                    magnitude: try magnitude(item, "magnitude", at: path, default: 1),
                    fadeInTime: try milliseconds(item, "fade-in-time", at: path, default: 0),
                    fadeInLevel: try magnitude(item, "fade-in-level", at: path, default: 0)
                )
            )
        case "VibraPattern":
            return (event, .pattern(try steps(item, at: path)))
        case "Haptics":
            return (event, .haptics(try reference(item, at: path)))
        default:
            throw invalid(path.appending("type"), "one of VibraRumble, VibraPeriodic, VibraPattern, Haptics, Sound, Led", .string(type))
        }
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
            guard case .number(let raw) = magnitudes[index], let level = Magnitude.unit(raw) else {
                throw invalid(magnitudePath, Magnitude.expected, magnitudes[index])
            }
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
        guard case .number(let number) = value, number == number.rounded(), number >= 1, number <= Double(ThemeLoader.maximumCount) else {
            throw invalid(path.appending("count"), "a whole number from 1 to \(ThemeLoader.maximumCount)", value)
        }
        return Int(number)
    }

    private func magnitude(_ object: JSONValue, _ key: String, at path: JSONPath, default fallback: Double) throws(ThemeLoadError) -> Double
    {
        guard let value = object[key] else { return fallback }
        guard case .number(let number) = value, let level = Magnitude.unit(number) else {
            throw invalid(path.appending(key), Magnitude.expected, value)
        }
        return level
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
