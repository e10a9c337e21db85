public import HapticsCommandLine
import HapticsModel

/// The `haptics` command line: parses the arguments, runs the subcommand, and returns the
/// exit status. Kept apart from `main` so tests can run it with a captured console.
public enum HapticsCommand {
    /// The version `--version` prints.
    public static let version = ProgramVersion.text

    static let subcommands: [any Subcommand.Type] = [
        ImpactCommand.self, NotifyCommand.self, SelectCommand.self, PlayCommand.self,
        RenderCommand.self, ValidateCommand.self, ConvertCommand.self, ListCommand.self, DevicesCommand.self, DemoCommand.self,
        TriggerCommand.self,
        LightCommand.self,
    ]

    /// What the top-level command does.
    private static let abstract = "Haptic patterns and impacts on Linux: gamepad rumble, the terminal, or a recorder."

    /// The top-level command's declaration: its help lists the subcommands.
    package static let configuration = CommandConfiguration(
        name: "haptics", abstract: abstract, takesVersion: true, subcommands: subcommands.map { $0.configuration })

    /// The top-level command's own options (`--help`, `--version`), read before a subcommand
    /// runs: declaring every subcommand (`configuration`) takes about a million instructions,
    /// as much again as the rest of starting a command, so only help builds it.
    private static let topLevelOptions = CommandConfiguration(name: "haptics", abstract: abstract, takesVersion: true)

    /// What a command line asks for.
    enum Request {
        /// The help of the top-level command or of a subcommand.
        case help(String)
        /// The version.
        case version
        /// Running a subcommand, parsed.
        case run(any Subcommand)
    }

    /// Parses a command line (without the program name): its `first` argument, and the
    /// `rest`.
    static func parse(_ first: String, _ rest: [String]) throws(UsageError) -> Request {
        var topLevel = ArgumentReader([first], for: topLevelOptions)
        if topLevel.flag(.help) { return .help(configuration.help) }
        if first == "help" { return try help(for: rest) }
        if topLevel.flag(.version) { return .version }
        guard let command = subcommands.first(where: { $0.name == first }) else {
            throw UsageError(
                message: "unknown subcommand '\(first)'",
                command: topLevelOptions.commandName)
        }
        var reader = ArgumentReader(rest, for: command.configuration)
        if reader.flag(.help) { return .help(command.configuration.help) }
        return .run(try command.parse(&reader))
    }

    /// `haptics help [SUBCOMMAND]`: the top-level help, or the subcommand's.
    private static func help(for rest: [String]) throws(UsageError) -> Request {
        guard let name = rest.first else { return .help(configuration.help) }
        guard rest.count == 1, let command = subcommands.first(where: { $0.name == name }) else {
            throw UsageError(
                message: rest.count == 1 ? "unknown subcommand '\(name)'" : "'help' takes one subcommand, found \(rest.count)",
                command: configuration.commandName)
        }
        return .help(command.configuration.help)
    }

    /// Runs the command line `arguments` (without the program name) on `console`.
    public static func run(_ arguments: [String], on console: Console = .standard) async -> ExitCode {
        guard let first = arguments.first else {
            console.err(configuration.help)
            return .usage
        }
        let request: Request
        do {
            request = try parse(first, Array(arguments.dropFirst()))
        } catch {
            console.err("Error: \(error.message)")
            console.err(error.hint)
            return .usage
        }
        switch request {
        case .help(let help):
            console.out(help)
            return .success
        case .version:
            console.out(version)
            return .success
        case .run(let command):
            return await command.run(on: console)
        }
    }
}
