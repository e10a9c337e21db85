import Haptics

/// `haptics play FILE|PRESET [--loop N] [--gain X]`.
struct PlayCommand: Subcommand {
    static let name = "play"
    static let abstract = "Play an AHAP file or a preset."
    static let usage = """
        USAGE: haptics play <pattern> [--loop <count>] [--driver <driver>] [--gain <gain>]

        ARGUMENTS:
          \(PatternSource.help)

        OPTIONS:
          --loop <count>        how many times to play it, or 'forever' (default: 1)
        \(PlaybackOptions.help)
          -h, --help            Show help information.
        """

    let source: PatternSource
    let repetition: Repetition
    let playback: PlaybackOptions

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        switch try arguments.option("--loop") {
        case nil:
            repetition = .once
        case "forever":
            repetition = .forever
        case let text?:
            guard let count = Int(text), count >= 1 else {
                throw arguments.error("the value '\(text)' of '--loop' is not a count of at least 1 or 'forever'")
            }
            repetition = .count(count)
        }
        playback = try PlaybackOptions(parsing: &arguments)
        source = PatternSource(try arguments.single("<pattern>"))
    }

    func run(on console: Console) async -> ExitCode {
        guard let pattern = source.load(on: console) else { return .dataError }
        return await PlaybackRunner(options: playback, console: console).play(playsForever: repetition == .forever) { [repetition] in
            $0.play(pattern, repetition: repetition)
        }
    }
}
