import HapticsCommandLine
import HapticsModel

/// `haptics render PATTERN [--step MS] [--format text|json|svg]`.
struct RenderCommand: Subcommand {
    /// `--step`.
    static let step = Option.number("--step", valueName: "ms", in: 1...100, abstract: "the renderer's time step, in ms", default: 10)
    /// `--format`.
    static let format = Option.choice(
        "--format", valueName: "format", of: RenderFormat.allCases, abstract: "how to print the track", default: .text)
    /// The command's declaration.
    static let configuration = CommandConfiguration(
        name: "render", parent: "haptics", abstract: "Print the rumble track of a pattern, without playing it.",
        arguments: [PatternSource.argument], options: [step.declaration, format.declaration])

    let source: PatternSource
    let step: Double
    let format: RenderFormat

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        step = try arguments.value(Self.step)
        format = try arguments.value(Self.format)
        source = PatternSource(try arguments.single(PatternSource.argument))
    }

    func run(on console: Console) async -> ExitCode {
        guard let pattern = source.load(on: console) else { return .dataError }
        let settings = RenderSettings(step: .microseconds(Int((step * 1000).rounded())))
        let track = Renderer(settings: settings).render(pattern)
        switch format {
        case .text:
            for frame in track.frames { console.out(FrameFormat.text.line(for: frame)) }
        case .json:
            console.out(
                JSONWriter.string(
                    .array(track.frames.map(FrameFormat.jsonValue(for:))), layout: .linePerElement, numbers: FrameFormat.numbers))
        case .svg:
            console.out(TrackSVG.document(for: pattern, track: track, name: source.name))
        }
        return .success
    }
}
