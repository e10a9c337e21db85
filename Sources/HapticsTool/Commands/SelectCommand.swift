import HapticsCommandLine
import HapticsModel

/// `haptics select`.
struct SelectCommand: Subcommand {

    /// The name the command line calls it by.
    static let name = "select"

    /// The command's declaration.
    static let configuration = CommandConfiguration(
        name: name, parent: "haptics", abstract: "Play the selection tick, as UISelectionFeedbackGenerator does.",
        options: PlaybackOptions.declarations)

    let playback: PlaybackOptions

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        playback = try PlaybackOptions(parsing: &arguments)
    }

    func run(on console: Console) async -> ExitCode {
        await PlaybackRunner(options: playback, console: console).play { $0.selection() }
    }
}
