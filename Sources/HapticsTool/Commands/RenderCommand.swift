import HapticsCommandLine
import HapticsModel

/// `haptics render PATTERN [--step MS] [--pad NAME] [--format text|json|svg|wav]`.
struct RenderCommand: Subcommand {
    /// `--step`.
    static let step = Option.number("--step", valueName: "ms", in: 1...100, abstract: "the renderer's time step, in ms", default: 10)
    /// `--format`.
    static let format = Option.choice(
        "--format", valueName: "format", of: RenderFormat.allCases, abstract: "how to print the track", default: .text)
    /// `--pad`.
    static let pad = Option<PadProfile?>(
        "--pad", valueName: "pad", abstract: "print the frames as this pad receives them (its steps, sides and shortest pulse)",
        notes: ["values: " + PadProfile.known.map(\.name).joined(separator: ", ")], default: nil,
        defaultText: "none: exact levels", completion: .words(PadProfile.known.map(\.name)),
        expected: "one of " + PadProfile.known.map(\.name).joined(separator: ", ")
    ) { text in
        PadProfile.named(text).map { .some($0) }
    }

    /// The name the command line calls it by.
    static let name = "render"

    /// The command's declaration.
    static let configuration = CommandConfiguration(
        name: name, parent: "haptics", abstract: "Print the rumble track of a pattern, without playing it.",
        arguments: [PatternSource.argument], options: [step.declaration, pad.declaration, format.declaration])

    let source: PatternSource
    let step: Double
    let format: RenderFormat
    let pad: PadProfile?

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        step = try arguments.value(Self.step)
        format = try arguments.value(Self.format)
        pad = try arguments.value(Self.pad)
        source = PatternSource(try arguments.single(PatternSource.argument))
    }

    func run(on console: Console) async -> ExitCode {
        guard let pattern = source.load(on: console) else { return .dataError }
        let wave = format == .wav
        let settings = RenderSettings(step: .microseconds(Int((step * 1000).rounded())), pad: wave ? pad ?? .dualSenseVoiceCoils : pad)
        let track = Renderer(settings: settings).render(pattern)
        switch (format, pad) {
        case (.text, nil):
            for frame in track.frames { console.out(FrameFormat.text.line(for: frame)) }
        case (.text, let pad?):
            console.out(PadFrameText.header(for: pad))
            for frame in track.frames { console.out(PadFrameText.line(for: frame, on: pad)) }
        case (.json, _):
            let frames = track.frames.map { frame in
                pad.map { PadFrameText.jsonValue(for: frame, on: $0) } ?? FrameFormat.jsonValue(for: frame)
            }
            console.out(JSONWriter.string(.array(frames), layout: .linePerElement, numbers: FrameFormat.numbers))
        case (.svg, _):
            console.out(TrackSVG.document(for: pattern, track: track, name: source.name + (pad.map { " on \($0.name)" } ?? ""), pad: pad))
        case (.wav, _):
            var synthesizer = WaveformSynthesizer()
            let samples = synthesizer.samples(of: track, split: settings.split)
            console.bytes(
                WaveFile.bytes(samples: samples, sampleRate: synthesizer.sampleRate, channels: WaveformSynthesizer.channelCount))
        }
        return .success
    }
}
