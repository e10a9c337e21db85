/// Reads a pattern file of any format Haptics knows: AHAP (`.ahap`) or a Lofelt / Meta
/// Haptics Studio clip (`.haptic`).
///
/// This is the one way in for a pattern file; `AHAPLoader` and `LofeltHapticLoader` read the
/// parsed document behind it. The format is the one the caller names, else the one the file
/// name's extension names; for any other name (standard input, a file without an extension)
/// it is told from the content: a JSON object with a `signals` member or a `version` object
/// is a `.haptic` clip, anything else is read as AHAP.
public enum PatternFile {
    /// What a pattern file holds, as an empty file's error says it.
    static let expectedContent =
        "a pattern: AHAP ({\"Version\": 1.0, \"Pattern\": [...]}) or a .haptic clip ({\"version\": {\"major\": 1}, \"signals\": {...}})"

    /// The largest file accepted, in bytes (10 MiB; the largest real clips are about 450 KB).
    public static let maximumFileSize = 10 * 1024 * 1024

    /// The formats a pattern file may have.
    public enum Format: String, Sendable, CaseIterable {
        /// Core Haptics' AHAP JSON, read by `AHAPLoader`.
        case ahap
        /// A Lofelt / Meta Haptics Studio `.haptic` clip, read by `LofeltHapticLoader`.
        case haptic

        /// The format the extension of `fileName` names (case-insensitively), or `nil`.
        public init?(fileName: String) {
            guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
            self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
        }
    }

    /// Loads the pattern file at `path`, in `format` when given, else in the format its name
    /// or content gives.
    public static func load(contentsOf path: String, format: Format? = nil) throws(PatternLoadError) -> LoadedPattern {
        try decode(try JSONDocument.bytes(atPath: path, limit: maximumFileSize), file: path, format: format)
    }

    /// Decodes a pattern from `bytes` in `format` when given, else in the format `file`'s
    /// extension names when it has one Haptics knows, else in the one the content looks like;
    /// `file` names the source in errors and notices.
    public static func decode(_ bytes: [UInt8], file: String, format: Format? = nil) throws(PatternLoadError) -> LoadedPattern {
        let document = try JSONDocument.parse(bytes, file: file, limit: maximumFileSize, expected: expectedContent)
        switch format ?? Format(fileName: file) ?? Self.format(of: document) {
        case .ahap: return try AHAPLoader.read(document, file: file)
        case .haptic: return try LofeltHapticLoader.read(document, file: file)
        }
    }

    /// The format a parsed document looks like.
    static func format(of document: JSONValue) -> Format {
        if document["signals"] != nil { return .haptic }
        if case .object? = document["version"] { return .haptic }
        return .ahap
    }
}
