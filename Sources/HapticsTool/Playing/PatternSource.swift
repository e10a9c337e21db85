import Glibc
import HapticsCommandLine
import HapticsModel
import HapticsPlatform

/// A `<pattern>` argument: a preset's name, a Haptica string (`haptica:..oO-Oo`), a composition
/// of primitives (`compose:click,tick:0.5+40ms`), `-` for a pattern on standard input, or the
/// path of an AHAP or `.haptic` file, or of a WAV sound (`.wav`, turned into haptics by
/// `SoundAnalysis`).
enum PatternSource: Sendable, Equatable {
    /// A built-in preset.
    case preset(Preset)
    /// A Haptica pattern string, without its `haptica:` prefix.
    case haptica(String)
    /// A composition of primitives, without its `compose:` prefix.
    case composition(String)
    /// AHAP or `.haptic` JSON on standard input.
    case standardInput
    /// An AHAP or `.haptic` file.
    case file(String)

    /// The argument that means standard input.
    static let standardInputArgument = "-"

    /// Reads a `<pattern>` argument: `-`, then the `haptica:` and `compose:` prefixes, then a
    /// preset's name; anything else is a file path.
    init(_ argument: String) {
        if argument == Self.standardInputArgument {
            self = .standardInput
        } else if argument.hasPrefix(HapticaPattern.prefix) {
            self = .haptica(String(argument.dropFirst(HapticaPattern.prefix.count)))
        } else if argument.hasPrefix(Composition.prefix) {
            self = .composition(String(argument.dropFirst(Composition.prefix.count)))
        } else if let preset = Preset(name: argument) {
            self = .preset(preset)
        } else {
            self = .file(argument)
        }
    }

    /// The `<pattern>` argument of the commands that take one.
    static let argument = ArgumentDeclaration(
        "pattern",
        help: "a preset ('haptics list' shows them), an .ahap or .haptic file, a .wav sound, a Haptica string "
            + "('haptica:..oO-Oo'), a composition of primitives ('compose:click,tick:0.5+40ms'), "
            + "or - for AHAP or .haptic JSON on standard input",
        completion: .wordsOrFiles(Preset.allCases.map(\.name)))

    /// What a Haptica string plays, for the error about one that plays nothing.
    static let hapticaAlphabet =
        "a Haptica string plays O (heavy), o (medium), . (light), X (rigid) and x (soft), with - for a pause, e.g. 'haptica:..oO-Oo'"

    /// How the pattern is named in messages, titles and written files.
    var name: String {
        switch self {
        case .preset(let preset): preset.name
        case .haptica(let text): HapticaPattern.prefix + text
        case .composition(let text): Composition.prefix + text
        case .standardInput: "standard input"
        case .file(let path): path
        }
    }

    /// Loads the pattern with its notices, or says why it cannot be loaded.
    func loaded() throws(PatternSourceError) -> LoadedPattern {
        switch self {
        case .preset(let preset):
            return LoadedPattern(pattern: preset.pattern)
        case .haptica(let text):
            return HapticaPattern.load(text, source: name)
        case .composition(let text):
            do throws(CompositionError) {
                return LoadedPattern(pattern: try Composition(text: text).pattern)
            } catch {
                throw .composition(name, error)
            }
        case .standardInput:
            let bytes: [UInt8]
            do {
                bytes = try FileReader.bytes(atPath: "/dev/stdin", limit: PatternFile.maximumFileSize)
            } catch {
                switch error {
                case .system(_, let errno):
                    throw .pattern(PatternLoadError(file: name, path: "$", problem: .unreadable(reason: errno.description)))
                case .tooLarge(let size):
                    throw .pattern(
                        PatternLoadError(file: name, path: "$", problem: .tooLarge(bytes: size, limit: PatternFile.maximumFileSize)))
                }
            }
            do throws(PatternLoadError) {
                return try PatternFile.decode(bytes, file: name)
            } catch {
                throw .pattern(error)
            }
        case .file(let path) where path.lowercased().hasSuffix(".wav"):
            let bytes: [UInt8]
            do {
                bytes = try FileReader.bytes(atPath: path, limit: WAVReader.maximumFileSize)
            } catch {
                switch error {
                case .system(_, let errno): throw .sound(WAVError(file: path, problem: .unreadable(reason: errno.description)))
                case .tooLarge(let size):
                    throw .sound(WAVError(file: path, problem: .tooLarge(bytes: size, limit: WAVReader.maximumFileSize)))
                }
            }
            do throws(WAVError) {
                return LoadedPattern(pattern: SoundAnalysis().pattern(for: try WAVReader.decode(bytes, file: path)))
            } catch {
                throw .sound(error)
            }
        case .file(let path):
            do throws(PatternLoadError) {
                return try PatternFile.load(contentsOf: path)
            } catch {
                throw .pattern(error)
            }
        }
    }

    /// For an argument that names no file, taken for a mistyped one: the message that
    /// suggests the closest presets (for a bare name) and files (`PatternSuggestion`); `nil`
    /// for any other argument, and for a path close to no file.
    var mistyped: String? {
        guard case .file(let path) = self, access(path, F_OK) != 0 else { return nil }
        return PatternSuggestion.message(for: path)
    }

    /// For a Haptica string with no impact in it, loaded as `pattern`: the message saying there
    /// is nothing to play and what a Haptica string plays; `nil` otherwise.
    func nothingToPlay(in pattern: HapticPattern) -> String? {
        guard case .haptica = self, pattern.events.isEmpty else { return nil }
        return "\(name): nothing to play: \(Self.hapticaAlphabet)"
    }

    /// Loads the pattern, printing notices to standard error; a load error is printed on one
    /// line and comes back as `nil`, as does a `mistyped` one.
    func load(on console: Console) -> HapticPattern? {
        if let mistyped {
            console.err("Error: \(mistyped)")
            return nil
        }
        do {
            let loaded = try loaded()
            for notice in loaded.notices { console.err("note: \(notice)") }
            if let empty = nothingToPlay(in: loaded.pattern) {
                console.err("Error: \(empty)")
                return nil
            }
            return loaded.pattern
        } catch {
            console.err("Error: \(error)")
            return nil
        }
    }
}
