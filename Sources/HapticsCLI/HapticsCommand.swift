/// The `haptics` command line: parses the arguments, runs the subcommand, and returns the
/// exit status. Kept apart from `main` so tests can run it with a captured console.
public enum HapticsCommand {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    static let subcommands: [any Subcommand.Type] = [
        ImpactCommand.self, NotifyCommand.self, SelectCommand.self, PlayCommand.self,
        RenderCommand.self, ValidateCommand.self, ConvertCommand.self, ListCommand.self, DevicesCommand.self, DemoCommand.self,
    ]

    static var usage: String {
        let width = subcommands.map { $0.name.count }.max() ?? 0
        let lines = subcommands.map { "  \($0.name)\(String(repeating: " ", count: width - $0.name.count + 2))\($0.abstract)" }
        return """
            OVERVIEW: Haptic patterns and impacts on Linux: gamepad rumble, the terminal, or a recorder.

            USAGE: haptics <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
            \(lines.joined(separator: "\n"))

              See 'haptics <subcommand> --help' for detailed help.
            """
    }

    /// Runs the command line `arguments` (without the program name) on `console`.
    public static func run(_ arguments: [String], on console: Console = .standard) async -> ExitCode {
        guard let first = arguments.first else {
            console.err(usage)
            return .usage
        }
        if first == "-h" || first == "--help" || first == "help" {
            console.out(usage)
            return .success
        }
        if first == "--version" {
            console.out(version)
            return .success
        }
        guard let command = subcommands.first(where: { $0.name == first }) else {
            console.err("Error: unknown subcommand '\(first)'")
            console.err("USAGE: haptics <subcommand>")
            console.err("  See 'haptics --help' for the subcommands.")
            return .usage
        }
        var reader = ArgumentReader(Array(arguments.dropFirst()), usage: command.usage)
        if reader.flag("-h", "--help") {
            console.out(command.usage)
            return .success
        }
        let parsed: any Subcommand
        do {
            parsed = try command.init(parsing: &reader)
        } catch {
            console.err("Error: \(error.message)")
            console.err(error.usage)
            return .usage
        }
        return await parsed.run(on: console)
    }
}
