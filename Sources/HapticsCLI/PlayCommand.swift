import Haptics

/// `haptics play PATTERN [--loop N|forever] [--rate X] [--from S] [--to S] [--gain X]`.
struct PlayCommand: Subcommand {
    static let name = "play"
    static let abstract = "Play an AHAP file or a preset."
    static let usage = """
        USAGE: haptics play <pattern> [--loop <count>] [--rate <rate>] [--from <seconds>] [--to <seconds>] [--driver <driver>] [--device <device>] [--gain <gain>]

        ARGUMENTS:
          \(PatternSource.help)

        OPTIONS:
          --loop <count>        how many times to play it, or 'forever' (default: 1)
          --rate <rate>         how fast, from 0.25 to 4: times scale, levels do not (default: 1)
          --from <seconds>      where in the pattern to start (default: 0)
          --to <seconds>        where in the pattern to end (default: its end); --loop repeats
                                the part from --from to --to
        \(PlaybackOptions.help)
          -h, --help            Show help information.
        """

    let source: PatternSource
    let repetition: Repetition
    let rate: Double
    let from: Double
    let to: Double?
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
        rate = try arguments.number("--rate", in: 0.25...4) ?? 1
        from = try arguments.number("--from", in: 0...3600) ?? 0
        to = try arguments.number("--to", in: 0...3600)
        if let to, to <= from {
            throw arguments.error("the value '\(Self.formatted(to))' of '--to' is not after --from (\(Self.formatted(from)) s)")
        }
        playback = try PlaybackOptions(parsing: &arguments)
        source = PatternSource(try arguments.single("<pattern>"))
    }

    /// Whether only part of the pattern plays, or at another rate: an advanced player then
    /// plays it.
    private var playsARange: Bool { rate != 1 || from != 0 || to != nil }

    func run(on console: Console) async -> ExitCode {
        guard let pattern = source.load(on: console) else { return .dataError }
        let runner = PlaybackRunner(options: playback, console: console)
        guard playsARange else {
            return await runner.play(playsForever: repetition == .forever) { [repetition] in $0.play(pattern, repetition: repetition) }
        }
        guard from < pattern.duration else {
            console.err("Error: --from \(Self.formatted(from)) s is past the end of \(source.name), which lasts \(Self.formatted(pattern.duration)) s")
            return .usage
        }
        return await runner.play(RangeRequest(pattern: pattern, rate: rate, from: from, to: to, repetition: repetition))
    }

    private static func formatted(_ seconds: Double) -> String {
        String((seconds * 1000).rounded() / 1000)
    }
}
