/// The options every playing command shares: the driver and the master gain.
struct PlaybackOptions: Sendable {
    /// Where the frames go.
    var driver: DriverChoice = .auto
    /// The master gain, 0...1.
    var gain: Double = 1

    /// The options' help lines.
    static let help = """
          \(DriverChoice.help)
          --gain <gain>         master gain from 0 to 1 (default: 1)
        """

    /// Reads `--driver` and `--gain`.
    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        driver = try arguments.choice("--driver", of: DriverChoice.self) ?? .auto
        gain = try arguments.number("--gain", in: 0...1) ?? 1
    }
}
