import Haptics

/// `haptics notify success|warning|error`.
struct NotifyCommand: Subcommand {
    static let name = "notify"
    static let abstract = "Play a notification, as UINotificationFeedbackGenerator does."
    static let usage = """
        USAGE: haptics notify <type> [--driver <driver>] [--gain <gain>]

        ARGUMENTS:
          <type>                \(NotificationType.allCases.map(\.rawValue).joined(separator: ", "))

        OPTIONS:
        \(PlaybackOptions.help)
          -h, --help            Show help information.
        """

    let type: NotificationType
    let playback: PlaybackOptions

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        playback = try PlaybackOptions(parsing: &arguments)
        let name = try arguments.single("<type>")
        guard let type = NotificationType(rawValue: name) else {
            throw arguments.error("unknown notification type '\(name)'")
        }
        self.type = type
    }

    func run(on console: Console) async -> ExitCode {
        await PlaybackRunner(options: playback, console: console).play { [type] in $0.notify(type) }
    }
}
