import Haptics

/// `haptics impact light|medium|heavy|soft|rigid [--intensity X]`.
struct ImpactCommand: Subcommand {
    static let name = "impact"
    static let abstract = "Fire an impact, as UIImpactFeedbackGenerator does."
    static let usage = """
        USAGE: haptics impact <style> [--intensity <intensity>] [--driver <driver>] [--gain <gain>]

        ARGUMENTS:
          <style>               \(ImpactStyle.allCases.map(\.rawValue).joined(separator: ", "))

        OPTIONS:
          --intensity <value>   from 0 to 1, as impactOccurred(intensity:) (default: 1)
        \(PlaybackOptions.help)
          -h, --help            Show help information.
        """

    let style: ImpactStyle
    let intensity: Double
    let playback: PlaybackOptions

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        intensity = try arguments.number("--intensity", in: 0...1) ?? 1
        playback = try PlaybackOptions(parsing: &arguments)
        let name = try arguments.single("<style>")
        guard let style = ImpactStyle(rawValue: name) else {
            throw arguments.error("unknown impact style '\(name)'")
        }
        self.style = style
    }

    func run(on console: Console) async -> ExitCode {
        await PlaybackRunner(options: playback, console: console).play { [style, intensity] in $0.impact(style, intensity: intensity) }
    }
}
