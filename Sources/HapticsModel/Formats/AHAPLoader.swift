/// Loads Core Haptics' AHAP JSON into a `HapticPattern`, the way Apple's loader reads it.
///
/// - Missing optional keys take Core Haptics' defaults (time 0, intensity 1, sharpness 0.5,
///   no envelope, sustained).
/// - Out-of-range values are clamped; unknown keys and parameter ids are ignored.
/// - Audio events are skipped with a notice; continuous events are capped at 30 s with a
///   notice; entries with none of `Event`, `ParameterCurve` or `Parameter` are skipped with a
///   notice.
/// - Trailing commas, as in some of Apple's own files, are accepted.
/// - An event's `HapticsFollowsParameterCurves` (Haptics' own key, which `AHAPWriter` writes
///   for a `.haptic` clip's emphasis transients and Core Haptics ignores) sets
///   `followsParameterCurves`.
///
/// Anything else wrong (not JSON, a wrong type, a continuous event without a duration, a
/// negative time) is a `PatternLoadError` naming the file and the JSON path. Loading is all
/// or nothing: no partial pattern is ever returned.
public enum AHAPLoader {
    /// The largest file accepted, in bytes (10 MiB; Apple's largest exports are ~200 KB).
    public static let maximumFileSize = PatternFile.maximumFileSize
    /// The longest continuous event Core Haptics plays, in seconds.
    public static let maximumEventDuration = 30.0
    /// The latest time an event or curve may start at, in seconds (one hour).
    public static let maximumTime = 3600.0

    /// Loads the file at `path` as AHAP, whatever its name: `PatternFile.load(contentsOf:format:)`
    /// with the format `.ahap`.
    public static func load(contentsOf path: String) throws(PatternLoadError) -> LoadedPattern {
        try PatternFile.load(contentsOf: path, format: .ahap)
    }

    /// Decodes AHAP from `bytes`, whatever `file` is called; `file` names the source in errors
    /// and notices.
    public static func decode(_ bytes: [UInt8], file: String) throws(PatternLoadError) -> LoadedPattern {
        try PatternFile.decode(bytes, file: file, format: .ahap)
    }

    /// Reads an already parsed AHAP document.
    static func read(_ document: JSONValue, file: String) throws(PatternLoadError) -> LoadedPattern {
        var reader = AHAPDocumentReader(file: file)
        return try reader.read(document)
    }
}

/// Walks a parsed AHAP document, keeping the JSON path for errors and collecting notices.
private struct AHAPDocumentReader {
    let file: String
    var notices: [PatternNotice] = []
    var events: [HapticEvent] = []
    var curves: [ParameterCurve] = []

    init(file: String) {
        self.file = file
    }

    mutating func read(_ document: JSONValue) throws(PatternLoadError) -> LoadedPattern {
        let root = JSONPath()
        guard case .object = document else {
            throw invalid(root, expected: "an AHAP object with \"Version\" and \"Pattern\"", found: document)
        }
        if let version = document["Version"] {
            guard case .number(let number) = version, number == 1 else {
                throw invalid(root.appending("Version"), expected: "1.0, the only AHAP version", found: version)
            }
        }
        let patternPath = root.appending("Pattern")
        guard let pattern = document["Pattern"] else {
            throw PatternLoadError(
                file: file, path: patternPath.description,
                problem: .invalidValue(
                    expected: "an array of events and parameter curves", found: "nothing (the key is missing)"))
        }
        guard case .array(let entries) = pattern else {
            throw invalid(patternPath, expected: "an array of events and parameter curves", found: pattern)
        }
        for (index, entry) in entries.enumerated() {
            try readEntry(entry, at: patternPath.appending(index))
        }
        return LoadedPattern(pattern: HapticPattern(events: events, curves: curves), notices: notices)
    }

    private mutating func readEntry(_ entry: JSONValue, at path: JSONPath) throws(PatternLoadError) {
        guard case .object(let members) = entry else {
            throw invalid(path, expected: "an object holding an Event, a ParameterCurve or a Parameter", found: entry)
        }
        if let event = entry["Event"] {
            try readEvent(event, at: path.appending("Event"))
        } else if let curve = entry["ParameterCurve"] {
            try readCurve(curve, at: path.appending("ParameterCurve"))
        } else if let parameter = entry["Parameter"] {
            try readParameter(parameter, at: path.appending("Parameter"))
        } else {
            let keys = members.map(\.key).joined(separator: ", ")
            notice(path, "skipped: holds no Event, ParameterCurve or Parameter (keys: \(keys.isEmpty ? "none" : keys))")
        }
    }

    private mutating func readEvent(_ event: JSONValue, at path: JSONPath) throws(PatternLoadError) {
        guard case .object = event else { throw invalid(path, expected: "an event object", found: event) }
        let typePath = path.appending("EventType")
        guard let typeValue = event["EventType"] else {
            throw missing(typePath, expected: "\"HapticTransient\" or \"HapticContinuous\"")
        }
        guard case .string(let type) = typeValue else {
            throw invalid(typePath, expected: "\"HapticTransient\" or \"HapticContinuous\"", found: typeValue)
        }
        let time = try readTime(event["Time"], at: path.appending("Time"))
        let kind: HapticEvent.Kind
        switch type {
        case "HapticTransient":
            kind = .transient
        case "HapticContinuous":
            let durationPath = path.appending("EventDuration")
            guard let durationValue = event["EventDuration"] else {
                throw missing(durationPath, expected: "a duration in seconds (continuous events need one)")
            }
            var duration = try readNumber(durationValue, at: durationPath, expected: "a duration in seconds, at least 0")
            guard duration >= 0 else {
                throw invalid(durationPath, expected: "a duration in seconds, at least 0", found: durationValue)
            }
            if duration > AHAPLoader.maximumEventDuration {
                notice(durationPath, "capped at \(Int(AHAPLoader.maximumEventDuration)) s, as Core Haptics does (was \(duration) s)")
                duration = AHAPLoader.maximumEventDuration
            }
            kind = .continuous(duration: duration)
        case "AudioContinuous", "AudioCustom":
            notice(path, "skipped: \(type) is an audio event, and Haptics plays haptics only")
            return
        default:
            throw invalid(typePath, expected: "\"HapticTransient\" or \"HapticContinuous\"", found: typeValue)
        }
        var result = HapticEvent(time: time, kind: kind)
        if let follows = event[AHAPWriter.followsParameterCurvesKey] {
            result.followsParameterCurves = try readFlag(follows, at: path.appending(AHAPWriter.followsParameterCurvesKey))
        }
        if let parameters = event["EventParameters"] {
            try readEventParameters(parameters, into: &result, at: path.appending("EventParameters"))
        }
        events.append(result)
    }

    private func readEventParameters(_ list: JSONValue, into event: inout HapticEvent, at path: JSONPath) throws(PatternLoadError) {
        guard case .array(let parameters) = list else {
            throw invalid(path, expected: "an array of {ParameterID, ParameterValue}", found: list)
        }
        for (index, parameter) in parameters.enumerated() {
            let itemPath = path.appending(index)
            guard case .object = parameter else {
                throw invalid(itemPath, expected: "an object {ParameterID, ParameterValue}", found: parameter)
            }
            let id = try readIdentifier(parameter["ParameterID"], at: itemPath.appending("ParameterID"))
            let valuePath = itemPath.appending("ParameterValue")
            guard let rawValue = parameter["ParameterValue"] else {
                throw missing(valuePath, expected: "a number")
            }
            switch id {
            case "HapticIntensity":
                event.intensity = clamp(try readNumber(rawValue, at: valuePath, expected: "a number from 0 to 1"), to: 0...1)
            case "HapticSharpness":
                event.sharpness = clamp(try readNumber(rawValue, at: valuePath, expected: "a number from 0 to 1"), to: 0...1)
            case "AttackTime":
                event.attackTime = max(0, try readNumber(rawValue, at: valuePath, expected: "a time in seconds"))
            case "DecayTime":
                event.decayTime = max(0, try readNumber(rawValue, at: valuePath, expected: "a time in seconds"))
            case "ReleaseTime":
                event.releaseTime = max(0, try readNumber(rawValue, at: valuePath, expected: "a time in seconds"))
            case "Sustained":
                event.isSustained = try readFlag(rawValue, at: valuePath)
            default:
                continue
            }
        }
    }

    private mutating func readCurve(_ curve: JSONValue, at path: JSONPath) throws(PatternLoadError) {
        guard case .object = curve else { throw invalid(path, expected: "a parameter curve object", found: curve) }
        let idPath = path.appending("ParameterID")
        let id = try readIdentifier(curve["ParameterID"], at: idPath)
        let time = try readTime(curve["Time"], at: path.appending("Time"))
        let pointsPath = path.appending("ParameterCurveControlPoints")
        guard let pointsValue = curve["ParameterCurveControlPoints"] else {
            throw missing(pointsPath, expected: "an array of {Time, ParameterValue} control points")
        }
        guard case .array(let rawPoints) = pointsValue, !rawPoints.isEmpty else {
            throw invalid(pointsPath, expected: "a non-empty array of {Time, ParameterValue} control points", found: pointsValue)
        }
        guard let control = renderedControl(id, at: idPath) else { return }
        var points: [ParameterCurve.Point] = []
        for (index, rawPoint) in rawPoints.enumerated() {
            let pointPath = pointsPath.appending(index)
            guard case .object = rawPoint else {
                throw invalid(pointPath, expected: "a control point {Time, ParameterValue}", found: rawPoint)
            }
            let pointTime = try readTime(rawPoint["Time"], at: pointPath.appending("Time"))
            let valuePath = pointPath.appending("ParameterValue")
            guard let rawValue = rawPoint["ParameterValue"] else { throw missing(valuePath, expected: "a number") }
            let value = clamp(try readNumber(rawValue, at: valuePath, expected: "a number"), to: control.range)
            points.append(ParameterCurve.Point(time: pointTime, value: value))
        }
        curves.append(ParameterCurve(control: control, time: time, points: points))
    }

    private mutating func readParameter(_ parameter: JSONValue, at path: JSONPath) throws(PatternLoadError) {
        guard case .object = parameter else { throw invalid(path, expected: "a parameter object", found: parameter) }
        let idPath = path.appending("ParameterID")
        let id = try readIdentifier(parameter["ParameterID"], at: idPath)
        let time = try readTime(parameter["Time"], at: path.appending("Time"))
        let valuePath = path.appending("ParameterValue")
        guard let rawValue = parameter["ParameterValue"] else { throw missing(valuePath, expected: "a number") }
        let number = try readNumber(rawValue, at: valuePath, expected: "a number")
        guard let control = renderedControl(id, at: idPath) else { return }
        curves.append(ParameterCurve(control: control, time: time, points: [.init(time: 0, value: clamp(number, to: control.range))]))
    }

    /// The control `id` names, or `nil` with a notice when Haptics does not render it.
    private mutating func renderedControl(_ id: String, at path: JSONPath) -> ParameterCurve.Control? {
        guard let control = ParameterCurve.Control(rawValue: id) else {
            notice(
                path,
                "skipped: \(id) is not a control Haptics renders (it renders \(ParameterCurve.Control.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
            return nil
        }
        return control
    }

    private func readTime(_ value: JSONValue?, at path: JSONPath) throws(PatternLoadError) -> Double {
        guard let value else { return 0 }
        let expected = "a time in seconds from 0 to \(Int(AHAPLoader.maximumTime))"
        let time = try readNumber(value, at: path, expected: expected)
        guard time >= 0, time <= AHAPLoader.maximumTime else { throw invalid(path, expected: expected, found: value) }
        return time
    }

    private func readNumber(_ value: JSONValue, at path: JSONPath, expected: String) throws(PatternLoadError) -> Double {
        guard case .number(let number) = value, number.isFinite else { throw invalid(path, expected: expected, found: value) }
        return number
    }

    private func readFlag(_ value: JSONValue, at path: JSONPath) throws(PatternLoadError) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .number(let number): return number != 0
        default: throw invalid(path, expected: "true, false, 1 or 0", found: value)
        }
    }

    private func readIdentifier(_ value: JSONValue?, at path: JSONPath) throws(PatternLoadError) -> String {
        guard let value else { throw missing(path, expected: "a parameter id string") }
        guard case .string(let id) = value else { throw invalid(path, expected: "a parameter id string", found: value) }
        return id
    }

    private func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }

    private mutating func notice(_ path: JSONPath, _ message: String) {
        notices.append(PatternNotice(file: file, path: path.description, message: message))
    }

    private func invalid(_ path: JSONPath, expected: String, found: JSONValue) -> PatternLoadError {
        PatternLoadError(file: file, path: path.description, problem: .invalidValue(expected: expected, found: found.kindDescription))
    }

    private func missing(_ path: JSONPath, expected: String) -> PatternLoadError {
        PatternLoadError(
            file: file, path: path.description, problem: .invalidValue(expected: expected, found: "nothing (the key is missing)"))
    }
}
