import HapticsCommandLine
import HapticsModel

/// `haptics play PATTERN [--loop N|forever] [--rate X] [--from S] [--to S] [--gain X]`.
struct PlayCommand: Subcommand {
    /// `--loop`: a count of at least 1, or `forever`.
    static let loop = Option<Repetition>(
        "--loop", valueName: "count", abstract: "how many times to play it, or 'forever'", default: .once, defaultText: "1",
        completion: .words(["forever"]), expected: "a count of at least 1 or 'forever'"
    ) { text in
        if text == "forever" { return .forever }
        return Int(text).flatMap { $0 >= 1 ? .count($0) : nil }
    }
    /// `--rate`.
    static let rate = Option.number("--rate", valueName: "rate", in: 0.25...4, abstract: "how fast: times scale, levels do not", default: 1)
    /// `--from`.
    static let from = Option.number("--from", valueName: "seconds", in: 0...3600, abstract: "where in the pattern to start", default: 0)
    /// `--to`.
    static let to = Option.number(
        "--to", valueName: "seconds", in: 0...3600,
        abstract: "where in the pattern to end; --loop repeats the part from --from to --to", absent: "its end")

    /// The name the command line calls it by.
    static let name = "play"

    /// The command's declaration.
    static let configuration = CommandConfiguration(
        name: name, parent: "haptics",
        abstract: "Play a preset, an AHAP or .haptic file, or a 'haptica:' string.",
        discussion: """
            The whole pattern plays once; --loop repeats it, --rate plays it faster or slower, and --from and --to \
            play a part of it, which --loop then repeats. The frames go to a gamepad when one is found, else to the \
            terminal; --driver record prints them at once, as JSON lines.
            """,
        arguments: [PatternSource.argument],
        options: [loop.declaration, rate.declaration, from.declaration, to.declaration] + PlaybackOptions.declarations)

    let source: PatternSource
    let repetition: Repetition
    let rate: Double
    let from: Double
    let to: Double?
    let playback: PlaybackOptions

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        repetition = try arguments.value(Self.loop)
        rate = try arguments.value(Self.rate)
        from = try arguments.value(Self.from)
        to = try arguments.value(Self.to)
        if let to, to <= from {
            throw arguments.error("the value '\(NumberText.seconds(to))' of '--to' is not after --from (\(NumberText.seconds(from)) s)")
        }
        playback = try PlaybackOptions(parsing: &arguments)
        source = PatternSource(try arguments.single(PatternSource.argument))
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
            console.err(
                "Error: --from \(NumberText.seconds(from)) s is past the end of \(source.name), which lasts \(NumberText.seconds(pattern.duration)) s"
            )
            return .usage
        }
        return await runner.play(RangeRequest(pattern: pattern, rate: rate, from: from, to: to, repetition: repetition))
    }
}
