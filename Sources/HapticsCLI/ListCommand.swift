import Haptics

/// `haptics list`.
struct ListCommand: Subcommand {
    static let name = "list"
    static let abstract = "List the built-in presets."
    static let usage = """
        USAGE: haptics list

        OPTIONS:
          -h, --help            Show help information.
        """

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        if let extra = try arguments.positionals().first { throw arguments.error("unexpected argument '\(extra)'") }
    }

    func run(on console: Console) async -> ExitCode {
        let width = Preset.allCases.map(\.rawValue.count).max() ?? 0
        for preset in Preset.allCases {
            let name = preset.rawValue + String(repeating: " ", count: width - preset.rawValue.count)
            console.out("\(name)  \(preset.summary)")
        }
        return .success
    }
}
