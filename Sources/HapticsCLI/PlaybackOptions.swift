import HapticsEvdev

/// The options every playing command shares: the driver, the device and the master gain.
struct PlaybackOptions: Sendable {
    /// Where the frames go.
    var driver: DriverChoice = .auto
    /// Which gamepads the evdev driver drives.
    var device: DeviceSelection = .auto
    /// The master gain, 0...1.
    var gain: Double = 1

    /// The options' help lines.
    static let help = """
          \(DriverChoice.help)
          --device <device>     with evdev: auto, all, a node path, an index or a name (default: auto)
          --gain <gain>         master gain from 0 to 1 (default: 1)
        """

    /// Reads `--driver`, `--device` and `--gain`.
    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        driver = try arguments.choice("--driver", of: DriverChoice.self) ?? .auto
        device = try arguments.option("--device").map(DeviceSelection.init(option:)) ?? .auto
        gain = try arguments.number("--gain", in: 0...1) ?? 1
    }
}
