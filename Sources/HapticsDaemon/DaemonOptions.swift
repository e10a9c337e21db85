import HapticsCLI
import HapticsEvdev

/// `hapticsd`'s command line, in the `haptics` command's conventions.
struct DaemonOptions: Sendable, Equatable {
    /// Where frames go: `auto` and `evdev` drive every rumble-capable device, following
    /// hot-plug; `stdout` draws them; `record` prints one JSON line per frame, in real time.
    var driver: DriverChoice = .auto
    /// Which devices the evdev driver drives.
    var device: DeviceSelection = .all
    /// The theme file given with `--theme`.
    var theme: String?
    /// Whether to take the name from its owner.
    var replace = false

    /// The help text.
    static let usage = """
        OVERVIEW: Gamepad haptics for every app: feedbackd's D-Bus API (org.sigxcpu.Feedback) on the session bus.

        USAGE: hapticsd [--driver <driver>] [--device <device>] [--theme <file>] [--replace]

        OPTIONS:
          --driver <driver>     auto, evdev, stdout or record (default: auto, every rumble-capable
                                device, hot-plugged ones too; record: one JSON line per frame)
          --device <device>     with evdev: all, auto, a node path, an index or a name (default: all)
          --theme <file>        a feedbackd theme (default: $FEEDBACK_THEME, then
                                $XDG_CONFIG_HOME/feedbackd/themes/default.json, then the built-in one)
          --replace             take org.sigxcpu.Feedback from the process owning it
          --version             Show the version.
          -h, --help            Show help information.
        """

    /// Options given one by one.
    init(driver: DriverChoice = .auto, device: DeviceSelection = .all, theme: String? = nil, replace: Bool = false) {
        self.driver = driver
        self.device = device
        self.theme = theme
        self.replace = replace
    }

    /// Reads the options; `-h` and `--version` are handled by the caller.
    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        driver = try arguments.choice("--driver", of: DriverChoice.self) ?? .auto
        device = try arguments.option("--device").map(DeviceSelection.init(option:)) ?? .all
        theme = try arguments.option("--theme")
        replace = arguments.flag("--replace")
        let rest = try arguments.positionals()
        if let extra = rest.first { throw arguments.error("unexpected argument '\(extra)'") }
    }
}
