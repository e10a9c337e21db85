import HapticsCommandLine
import HapticsModel

/// `haptics notify success|warning|error`.
struct NotifyCommand: Subcommand {
    /// The `<type>` argument.
    static let type = ArgumentDeclaration(
        "type", help: "the notification's type (values: \(NotificationType.allCases.map(\.rawValue).joined(separator: ", ")))",
        completion: .words(NotificationType.allCases.map(\.rawValue)))

    /// The name the command line calls it by.
    static let name = "notify"

    /// The command's declaration.
    static let configuration = CommandConfiguration(
        name: name, parent: "haptics", abstract: "Play a notification, as UINotificationFeedbackGenerator does.",
        arguments: [type], options: PlaybackOptions.declarations)

    let type: NotificationType
    let playback: PlaybackOptions

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        playback = try PlaybackOptions(parsing: &arguments)
        let name = try arguments.single(Self.type)
        guard let type = NotificationType(rawValue: name) else {
            throw arguments.error("unknown notification type '\(name)'")
        }
        self.type = type
    }

    func run(on console: Console) async -> ExitCode {
        await PlaybackRunner(options: playback, console: console).play { [type] in $0.notify(type) }
    }
}
