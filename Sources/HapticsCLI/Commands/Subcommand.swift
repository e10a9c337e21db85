import HapticsCommandLine

/// One `haptics` subcommand: declared, parsed from its arguments, then run.
protocol Subcommand: Sendable {
    /// Its name, what it does, its arguments and options: the source of its help and its parser.
    static var configuration: CommandConfiguration { get }

    /// Reads the command's arguments, as `configuration` declares them; `-h`/`--help` is
    /// handled before this is called.
    init(parsing arguments: inout ArgumentReader) throws(UsageError)

    /// Does the work and says how it went.
    func run(on console: Console) async -> ExitCode
}
