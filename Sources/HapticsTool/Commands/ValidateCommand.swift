import FeedbackTheme
import HapticsCommandLine
import HapticsModel
import HapticsPlatform

/// `haptics validate FILE...`.
struct ValidateCommand: Subcommand {
    /// The `<file>` arguments.
    static let files = ArgumentDeclaration(
        "file",
        help: "patterns to check: .ahap or .haptic files, - for standard input, presets and 'haptica:' strings "
            + "(see 'haptics play -h'); or feedbackd theme files (JSON with \"profiles\")", isRepeated: true,
        completion: .wordsOrFiles(Preset.allCases.map(\.name)))

    /// The name the command line calls it by.
    static let name = "validate"

    /// The command's declaration.
    static let configuration = CommandConfiguration(
        name: name, parent: "haptics",
        abstract: "Check patterns and feedbackd themes: exit 0 when all load, 65 otherwise, one line per problem.",
        arguments: [files])

    let sources: [PatternSource]

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        sources = try arguments.positionals().map(PatternSource.init)
        guard !sources.isEmpty else { throw arguments.error("missing \(Self.files.label)") }
    }

    func run(on console: Console) async -> ExitCode {
        var failed = false
        for source in sources {
            if case .file(let file) = source, Self.isTheme(file) {
                failed = !validateTheme(file, on: console) || failed
                continue
            }
            if let mistyped = source.mistyped {
                failed = true
                console.err("Error: \(mistyped)")
                continue
            }
            do {
                let loaded = try source.loaded()
                for notice in loaded.notices { console.err("note: \(notice)") }
                let pattern = loaded.pattern
                if let empty = source.nothingToPlay(in: pattern) {
                    failed = true
                    console.err("Error: \(empty)")
                    continue
                }
                console.out(
                    "ok: \(source.name) (\(pattern.events.count) events, \(pattern.curves.count) curves, \(NumberText.seconds(pattern.duration)) s)"
                )
            } catch {
                failed = true
                console.err("Error: \(error)")
            }
        }
        return failed ? .dataError : .success
    }

    /// Whether `file` reads as a feedbackd theme: a JSON object with `profiles`.
    private static func isTheme(_ file: String) -> Bool {
        guard let bytes = try? FileReader.bytes(atPath: file, limit: ThemeLoader.maximumFileSize) else { return false }
        return (try? JSONParser.parse(bytes))?["profiles"] != nil
    }

    private func validateTheme(_ file: String, on console: Console) -> Bool {
        do {
            let loaded = try ThemeLoader().load(contentsOf: file)
            for notice in loaded.notices { console.err("note: \(notice)") }
            for warning in loaded.warnings { console.err("warning: \(warning)") }
            console.out("ok: \(file) (feedbackd theme '\(loaded.theme.name)', \(loaded.theme.events.count) events with haptics)")
            return true
        } catch {
            console.err("Error: \(error)")
            return false
        }
    }
}
