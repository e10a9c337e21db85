import Haptics

/// `haptics render PATTERN [--step MS] [--format text|json|svg]`.
struct RenderCommand: Subcommand {
    static let name = "render"
    static let abstract = "Print the rumble track of a pattern, without playing it."
    static let usage = """
        USAGE: haptics render <pattern> [--step <ms>] [--format <format>]

        ARGUMENTS:
          \(PatternSource.help)

        OPTIONS:
          --step <ms>           the renderer's time step, 1 to 100 ms (default: 10)
          --format <format>     text, json or svg (default: text)
          -h, --help            Show help information.
        """

    let source: PatternSource
    let step: Double
    let format: RenderFormat

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        step = try arguments.number("--step", in: 1...100) ?? 10
        format = try arguments.choice("--format", of: RenderFormat.self) ?? .text
        source = PatternSource(try arguments.single("<pattern>"))
    }

    func run(on console: Console) async -> ExitCode {
        guard let pattern = source.load(on: console) else { return .dataError }
        let settings = RenderSettings(step: .microseconds(Int((step * 1000).rounded())))
        let track = Renderer(settings: settings).render(pattern)
        switch format {
        case .text:
            for frame in track.frames { console.out(FrameFormat.text.line(for: frame)) }
        case .json:
            let lines = track.frames.map { "  " + FrameFormat.json.line(for: $0) }
            console.out("[\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "]" : "\n]"))
        case .svg:
            console.out(TrackSVG.document(for: pattern, track: track, name: source.name))
        }
        return .success
    }
}
