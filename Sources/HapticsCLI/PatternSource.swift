import Haptics

/// A `FILE|PRESET` argument: a preset's name, or the path of an AHAP file.
enum PatternSource: Sendable, Equatable {
    /// A built-in preset.
    case preset(Preset)
    /// An AHAP file.
    case file(String)

    /// A preset when `argument` is a preset's name, else a file path.
    init(_ argument: String) {
        self = Preset(rawValue: argument).map(PatternSource.preset) ?? .file(argument)
    }

    /// The help text naming what the argument may be.
    static let help = "<pattern>             an AHAP file, or a preset: \(Preset.allCases.map(\.rawValue).joined(separator: ", "))"

    /// Loads the pattern, printing notices to standard error; a load error is printed on one
    /// line and comes back as `nil`.
    func load(on console: Console) -> HapticPattern? {
        switch self {
        case .preset(let preset):
            return preset.pattern
        case .file(let path):
            do {
                let loaded = try AHAPLoader.load(contentsOf: path)
                for notice in loaded.notices { console.err("note: \(notice)") }
                return loaded.pattern
            } catch {
                console.err("Error: \(error)")
                return nil
            }
        }
    }
}
