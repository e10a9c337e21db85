/// Loads Lofelt / Meta Haptics Studio `.haptic` clips (the Lofelt data model, version 1) into
/// a `HapticPattern`, checked as the data model's own validator checks them and mapped as
/// Nice Vibrations maps them to Core Haptics.
///
/// **The file** (the data model's `v1.rs`, Lofelt/NiceVibrations `core/datamodel` and its
/// successor facebook/meta-haptics-sdk `core/haptic_data`):
/// - `version {major, minor?, patch?}`, required, checked first (`Version::from_json`): major
///   1 loads with any minor and patch; a newer minor or patch loads with a notice, as the SDK
///   loads it with "partial support"; any other major is refused ("unsupported version").
/// - `metadata {editor, author, source, project, description: string, tags: [string]}`,
///   optional, every field optional; `signals.continuous.envelopes.amplitude`, required:
///   breakpoints `{time, amplitude, emphasis?: {amplitude, frequency}}`, an emphasis needing
///   both of its fields; `...envelopes.frequency`, optional (or `null`): breakpoints
///   `{time, frequency}`. Unknown keys are ignored everywhere, as serde ignores them.
///
/// **The rules** (`HapticData::validate` in the SDK, strict mode, in its order; Nice
/// Vibrations' older `Validation for DataModel` has 1 to 3 and the first half of 5; numbers
/// are compared as the 32-bit floats the data model stores):
/// 1. every amplitude, emphasis amplitude, emphasis frequency and frequency is in 0...1;
/// 2. amplitude breakpoint times never decrease, starting from 0 (equal times are allowed:
///    Studio writes them);
/// 3. an emphasis is at least as strong as its breakpoint's amplitude;
/// 4. the amplitude envelope has at least two breakpoints and lasts longer than zero;
/// 5. frequency breakpoint times never decrease, starting from 0, and lie within the
///    amplitude envelope's span.
///
/// Haptics adds the rules it applies to AHAP: times are finite and at most
/// `AHAPLoader.maximumTime` (one hour), and the file is at most 10 MiB.
///
/// **The mapping** (Nice Vibrations' `ios/v1.rs`, `impl From<v1::DataModel> for Ahap`, and
/// the SDK's `ahap.rs` after it):
/// - a continuous event of intensity 1 and sharpness 0 spans the amplitude envelope, cut into
///   events of at most 30 s, Core Haptics' cap;
/// - an intensity control curve has a point at every amplitude breakpoint with
///   intensity = sqrt(amplitude), "because in Core Haptics, the intensity is quadratic, not
///   linear";
/// - a sharpness control curve has a point at every frequency breakpoint with
///   sharpness = sqrt(frequency); the control adds to the event's sharpness 0;
/// - each emphasis becomes a transient at its breakpoint's time, with
///   intensity = sqrt(emphasis amplitude) and sharpness = emphasis frequency, and the
///   continuous signal is ducked around it: that breakpoint's intensity point is multiplied by
///   0.8 (`AMPLITUDE_DUCKING` 0.2, "to lower the effect of phase cancellation" between the
///   continuous and transient signals).
///
/// Where Haptics differs, and why:
/// - Nice Vibrations starts the continuous event at 0 and writes curve points at absolute
///   times while AHAP reads them relative to the curve's start; here the event starts at the
///   first breakpoint and the points are relative, so the envelope plays where it is defined
///   (the same thing for every clip that starts at 0, which is all real ones).
/// - The curves are kept whole: `AHAPWriter` cuts them into Core Haptics' 16-point chunks.
/// - Nice Vibrations plays the transients with a pattern player of their own ("we however want
///   the transients to be played back independently of the continuous curves", `SplitAhap`;
///   `into_continuous_and_transients_ahaps` in Nice Vibrations), so the
///   transients here do not follow the curves (`HapticEvent.followsParameterCurves`);
///   otherwise a Quest button click, a lone emphasis on an envelope near zero, would be muted.
public enum LofeltHapticLoader {
    /// The data model version Haptics reads.
    public static let supportedVersion = (major: 1, minor: 0, patch: 0)
    /// How much an emphasis ducks the continuous intensity at its breakpoint (Nice
    /// Vibrations' `AMPLITUDE_DUCKING`).
    public static let emphasisDucking = 0.2

    /// Decodes a `.haptic` clip from `bytes`, whatever `file` is called; `file` names the
    /// source in errors and notices. `PatternFile.load(contentsOf:)` loads a clip from a file.
    public static func decode(_ bytes: [UInt8], file: String) throws(PatternLoadError) -> LoadedPattern {
        try PatternFile.decode(bytes, file: file, format: .haptic)
    }

    /// Reads an already parsed `.haptic` document.
    static func read(_ document: JSONValue, file: String) throws(PatternLoadError) -> LoadedPattern {
        var reader = LofeltDocumentReader(file: file)
        return try reader.read(document)
    }
}

/// One amplitude breakpoint as read.
private struct AmplitudeBreakpoint {
    var time: Double
    var amplitude: Double
    var emphasis: (amplitude: Double, frequency: Double)?
}

/// One frequency breakpoint as read.
private struct FrequencyBreakpoint {
    var time: Double
    var frequency: Double
}

/// Walks a parsed `.haptic` document, keeping the JSON path for errors.
private struct LofeltDocumentReader {
    let file: String
    var notices: [PatternNotice] = []

    init(file: String) {
        self.file = file
    }

    mutating func read(_ document: JSONValue) throws(PatternLoadError) -> LoadedPattern {
        let root = JSONPath()
        guard case .object = document else {
            throw invalid(root, expected: "a .haptic object with \"version\" and \"signals\"", found: document.kindDescription)
        }
        try readVersion(document["version"], at: root.appending("version"))
        if let metadata = document["metadata"] { try readMetadata(metadata, at: root.appending("metadata")) }
        let envelopesPath = root.appending("signals").appending("continuous").appending("envelopes")
        var envelopes = document
        var path = root
        for key in ["signals", "continuous", "envelopes"] {
            path = path.appending(key)
            guard let member = envelopes[key] else { throw missing(path, expected: "an object") }
            guard case .object = member else { throw invalid(path, expected: "an object", found: member.kindDescription) }
            envelopes = member
        }
        let amplitude = try readAmplitudes(envelopes["amplitude"], at: envelopesPath.appending("amplitude"))
        let frequency = try readFrequencies(envelopes["frequency"], at: envelopesPath.appending("frequency"), span: amplitude)
        return LoadedPattern(pattern: pattern(amplitude: amplitude, frequency: frequency), notices: notices)
    }

    // MARK: Reading

    private mutating func readVersion(_ value: JSONValue?, at path: JSONPath) throws(PatternLoadError) {
        let supported = LofeltHapticLoader.supportedVersion
        guard let value else { throw missing(path, expected: "a version object {\"major\": 1, \"minor\": 0, \"patch\": 0}") }
        guard case .object = value else {
            throw invalid(path, expected: "a version object {\"major\": 1, \"minor\": 0, \"patch\": 0}", found: value.kindDescription)
        }
        let major = try readCount(value["major"], at: path.appending("major"), required: true)
        let minor = try readCount(value["minor"], at: path.appending("minor"), required: false)
        let patch = try readCount(value["patch"], at: path.appending("patch"), required: false)
        guard major == supported.major else {
            throw invalid(
                path.appending("major"), expected: "major version 1, the only .haptic version Haptics reads",
                found: "version \(major).\(minor).\(patch)")
        }
        if (minor, patch) > (supported.minor, supported.patch) {
            notice(
                path,
                "version \(major).\(minor).\(patch) is newer than 1.0.0, the one Haptics knows; read as 1.0.0, its unknown keys ignored")
        }
    }

    private func readCount(_ value: JSONValue?, at path: JSONPath, required: Bool) throws(PatternLoadError) -> Int {
        let expected = "a whole number, at least 0"
        guard let value else {
            if required { throw missing(path, expected: expected) }
            return 0
        }
        guard case .number(let number) = value, number >= 0, number <= Double(UInt32.max), number == number.rounded() else {
            throw invalid(path, expected: expected, found: describe(value))
        }
        return Int(number)
    }

    private func readMetadata(_ metadata: JSONValue, at path: JSONPath) throws(PatternLoadError) {
        guard case .object = metadata else { throw invalid(path, expected: "a metadata object", found: metadata.kindDescription) }
        for key in ["editor", "author", "source", "project", "description"] {
            guard let value = metadata[key] else { continue }
            guard case .string = value else { throw invalid(path.appending(key), expected: "a string", found: value.kindDescription) }
        }
        guard let tags = metadata["tags"] else { return }
        guard case .array(let elements) = tags else {
            throw invalid(path.appending("tags"), expected: "an array of strings", found: tags.kindDescription)
        }
        for (index, element) in elements.enumerated() {
            guard case .string = element else {
                throw invalid(path.appending("tags").appending(index), expected: "a string", found: element.kindDescription)
            }
        }
    }

    private func readAmplitudes(_ value: JSONValue?, at path: JSONPath) throws(PatternLoadError) -> [AmplitudeBreakpoint] {
        let expected = "an array of amplitude breakpoints {time, amplitude}"
        guard let value else { throw missing(path, expected: expected) }
        guard case .array(let elements) = value else { throw invalid(path, expected: expected, found: value.kindDescription) }
        var result: [AmplitudeBreakpoint] = []
        var previous = 0.0
        for (index, element) in elements.enumerated() {
            let itemPath = path.appending(index)
            guard case .object = element else {
                throw invalid(itemPath, expected: "an amplitude breakpoint {time, amplitude}", found: element.kindDescription)
            }
            let time = try readTime(element["time"], at: itemPath.appending("time"), after: previous)
            let amplitude = try readLevel(element["amplitude"], at: itemPath.appending("amplitude"))
            var breakpoint = AmplitudeBreakpoint(time: time, amplitude: amplitude)
            if let emphasis = element["emphasis"], emphasis != .null {
                let emphasisPath = itemPath.appending("emphasis")
                guard case .object = emphasis else {
                    throw invalid(emphasisPath, expected: "an emphasis {amplitude, frequency}", found: emphasis.kindDescription)
                }
                let strength = try readLevel(emphasis["amplitude"], at: emphasisPath.appending("amplitude"))
                let frequency = try readLevel(emphasis["frequency"], at: emphasisPath.appending("frequency"))
                guard Float(strength) >= Float(amplitude) else {
                    throw invalid(
                        emphasisPath.appending("amplitude"),
                        expected: "an emphasis at least as strong as its breakpoint's amplitude \(describe(amplitude))",
                        found: describe(strength))
                }
                breakpoint.emphasis = (strength, frequency)
            }
            result.append(breakpoint)
            previous = time
        }
        guard let first = result.first, let last = result.last, result.count >= 2 else {
            throw invalid(
                path, expected: "an amplitude envelope of at least two breakpoints",
                found: result.isEmpty ? "none" : "one")
        }
        guard Float(last.time) - Float(first.time) > 0 else {
            throw invalid(
                path, expected: "an amplitude envelope lasting longer than zero",
                found: "every breakpoint at \(describe(first.time)) s")
        }
        return result
    }

    private func readFrequencies(_ value: JSONValue?, at path: JSONPath, span amplitude: [AmplitudeBreakpoint]) throws(PatternLoadError)
        -> [FrequencyBreakpoint]
    {
        let expected = "an array of frequency breakpoints {time, frequency}"
        guard let value, value != .null else { return [] }
        guard case .array(let elements) = value else { throw invalid(path, expected: expected, found: value.kindDescription) }
        let start = Float(amplitude.first?.time ?? 0)
        let end = Float(amplitude.last?.time ?? 0)
        var result: [FrequencyBreakpoint] = []
        var previous = 0.0
        for (index, element) in elements.enumerated() {
            let itemPath = path.appending(index)
            guard case .object = element else {
                throw invalid(itemPath, expected: "a frequency breakpoint {time, frequency}", found: element.kindDescription)
            }
            let frequency = try readLevel(element["frequency"], at: itemPath.appending("frequency"))
            let timePath = itemPath.appending("time")
            let time = try readTime(element["time"], at: timePath, after: previous)
            guard (start...end).contains(Float(time)) else {
                throw invalid(
                    timePath, expected: "a time within the amplitude envelope, \(describe(Double(start))) to \(describe(Double(end))) s",
                    found: describe(time))
            }
            result.append(FrequencyBreakpoint(time: time, frequency: frequency))
            previous = time
        }
        return result
    }

    /// A breakpoint time: a number of seconds, not before `previous` (nor 0), at most an hour.
    private func readTime(_ value: JSONValue?, at path: JSONPath, after previous: Double) throws(PatternLoadError) -> Double {
        let expected = "a time in seconds from \(describe(previous)) (the previous breakpoint's, or 0) to \(Int(AHAPLoader.maximumTime))"
        guard let value else { throw missing(path, expected: expected) }
        guard case .number(let time) = value, Float(time).isFinite, Float(time) >= Float(previous), time <= AHAPLoader.maximumTime else {
            throw invalid(path, expected: expected, found: describe(value))
        }
        return time
    }

    /// An amplitude or frequency: a number from 0 to 1.
    private func readLevel(_ value: JSONValue?, at path: JSONPath) throws(PatternLoadError) -> Double {
        let expected = "a number from 0 to 1"
        guard let value else { throw missing(path, expected: expected) }
        guard case .number(let level) = value, (0...1).contains(Float(level)) else {
            throw invalid(path, expected: expected, found: describe(value))
        }
        return min(max(level, 0), 1)
    }

    // MARK: Mapping

    private func pattern(amplitude: [AmplitudeBreakpoint], frequency: [FrequencyBreakpoint]) -> HapticPattern {
        let start = amplitude.first?.time ?? 0
        let end = amplitude.last?.time ?? 0
        var events: [HapticEvent] = []
        var offset = 0.0
        while start + offset < end {
            let length = min(AHAPLoader.maximumEventDuration, end - start - offset)
            events.append(HapticEvent(time: start + offset, kind: .continuous(duration: length), intensity: 1, sharpness: 0))
            offset += length
        }
        let ducked = 1 - LofeltHapticLoader.emphasisDucking
        for breakpoint in amplitude {
            guard let emphasis = breakpoint.emphasis else { continue }
            events.append(
                HapticEvent(
                    time: breakpoint.time, kind: .transient, intensity: emphasis.amplitude.squareRoot(),
                    sharpness: emphasis.frequency, followsParameterCurves: false))
        }
        var curves = [
            ParameterCurve(
                control: .intensity, time: start,
                points: amplitude.map { breakpoint in
                    let intensity = breakpoint.amplitude.squareRoot()
                    return .init(time: breakpoint.time - start, value: breakpoint.emphasis == nil ? intensity : intensity * ducked)
                })
        ]
        if let first = frequency.first {
            curves.append(
                ParameterCurve(
                    control: .sharpness, time: first.time,
                    points: frequency.map {
                        .init(time: $0.time - first.time, value: $0.frequency.squareRoot())
                    }))
        }
        return HapticPattern(events: events, curves: curves)
    }

    // MARK: Errors and notices

    private mutating func notice(_ path: JSONPath, _ message: String) {
        notices.append(PatternNotice(file: file, path: path.description, message: message))
    }

    private func describe(_ value: JSONValue) -> String {
        guard case .number(let number) = value else { return value.kindDescription }
        return describe(number)
    }

    private func describe(_ number: Double) -> String {
        JSONWriter.number(number)
    }

    private func invalid(_ path: JSONPath, expected: String, found: String) -> PatternLoadError {
        PatternLoadError(file: file, path: path.description, problem: .invalidValue(expected: expected, found: found))
    }

    private func missing(_ path: JSONPath, expected: String) -> PatternLoadError {
        PatternLoadError(
            file: file, path: path.description, problem: .invalidValue(expected: expected, found: "nothing (the key is missing)"))
    }
}
