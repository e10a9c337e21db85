import Haptics

/// `haptics select`.
struct SelectCommand: Subcommand {
    static let name = "select"
    static let abstract = "Play the selection tick, as UISelectionFeedbackGenerator does."
    static let usage = """
        USAGE: haptics select [--driver <driver>] [--gain <gain>]

        OPTIONS:
        \(PlaybackOptions.help)
          -h, --help            Show help information.
        """

    let playback: PlaybackOptions

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        playback = try PlaybackOptions(parsing: &arguments)
        let extra = try arguments.positionals()
        if let first = extra.first { throw arguments.error("unexpected argument '\(first)'") }
    }

    func run(on console: Console) async -> ExitCode {
        await PlaybackRunner(options: playback, console: console).play { $0.selection() }
    }
}
