import HapticsCommandLine
import HapticsModel

/// `haptics impact light|medium|heavy|soft|rigid [--intensity X]`.
struct ImpactCommand: Subcommand {
    /// The `<style>` argument.
    static let style = ArgumentDeclaration(
        "style", help: "the impact's style (values: \(ImpactStyle.allCases.map(\.rawValue).joined(separator: ", ")))",
        completion: .words(ImpactStyle.allCases.map(\.rawValue)))
    /// `--intensity`.
    static let intensity = Option.number(
        "--intensity", valueName: "value", in: 0...1, abstract: "as impactOccurred(intensity:)", default: 1)

    /// The name the command line calls it by.
    static let name = "impact"

    /// The command's declaration.
    static let configuration = CommandConfiguration(
        name: name, parent: "haptics", abstract: "Fire an impact, as UIImpactFeedbackGenerator does.",
        arguments: [style], options: [intensity.declaration] + PlaybackOptions.declarations)

    let style: ImpactStyle
    let intensity: Double
    let playback: PlaybackOptions

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        intensity = try arguments.value(Self.intensity)
        playback = try PlaybackOptions(parsing: &arguments)
        let name = try arguments.single(Self.style)
        guard let style = ImpactStyle(rawValue: name) else {
            throw arguments.error("unknown impact style '\(name)'")
        }
        self.style = style
    }

    func run(on console: Console) async -> ExitCode {
        await PlaybackRunner(options: playback, console: console).play { [style, intensity] in $0.impact(style, intensity: intensity) }
    }
}
