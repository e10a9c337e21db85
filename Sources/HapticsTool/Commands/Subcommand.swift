import HapticsCommandLine

/// One `haptics` subcommand: declared, parsed from its arguments, then run.
protocol Subcommand: ParsableArguments, Sendable {
    /// The name the command line calls it by (its configuration's name), known without
    /// building the configuration.
    static var name: String { get }

    /// Its name, what it does, its arguments and options: the source of its help and its parser.
    static var configuration: CommandConfiguration { get }

    /// Does the work and says how it went.
    func run(on console: Console) async -> ExitCode
}
