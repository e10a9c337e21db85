/// One `haptics` subcommand: parsed from its arguments, then run.
protocol Subcommand: Sendable {
    /// The word that selects it, e.g. `render`.
    static var name: String { get }
    /// One line saying what it does, for `haptics --help`.
    static var abstract: String { get }
    /// Its usage and options, for `-h` and for usage errors.
    static var usage: String { get }

    /// Reads the command's arguments; `-h`/`--help` is handled before this is called.
    init(parsing arguments: inout ArgumentReader) throws(UsageError)

    /// Does the work and says how it went.
    func run(on console: Console) async -> ExitCode
}
