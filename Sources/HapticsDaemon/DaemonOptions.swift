package import HapticsCommandLine
import HapticsEvdev
import HapticsRouting

/// `hapticsd`'s command line, declared once in the `haptics` command's conventions.
package struct DaemonOptions: ParsableArguments, Sendable, Equatable {
    /// `--driver`: every driver; `auto` and `evdev` follow hot-plug, `record` prints in real time.
    static let driver = PlaybackOptions.driverOption(
        abstract: "where the frames go; auto and evdev: every rumble-capable device, hot-plugged ones too; "
            + "hidraw: the pads' hidraw nodes (triggers, HD Rumble); the ...At methods' localities route per pad as the haptics command's localities do; "
            + "record: every frame as a JSON line, in real time")
    /// `--device`, every device by default.
    static let device = PlaybackOptions.deviceOption(default: "all")
    /// `--theme`.
    static let theme = Option.text(
        "--theme", valueName: "file", abstract: "a feedbackd theme",
        absent: "$FEEDBACK_THEME, then $XDG_CONFIG_HOME/feedbackd/themes/default.json, then the built-in one",
        completion: .files)
    /// `--replace`.
    static let replace = Flag("--replace", abstract: "take org.sigxcpu.Feedback from the process owning it")
    /// The command's declaration.
    package static let configuration = CommandConfiguration(
        name: "hapticsd", abstract: "Gamepad haptics for every app: feedbackd's D-Bus API (org.sigxcpu.Feedback) on the session bus.",
        options: [driver.declaration, device.declaration, theme.declaration, replace.declaration], takesVersion: true)

    /// Where frames go: `auto` and `evdev` drive every rumble-capable device, following
    /// hot-plug; `hidraw` the pads' hidraw nodes; `stdout` draws them; `record` prints one JSON
    /// line per frame, in real time. The `…At` methods route each locality over these paths
    /// (`LocalityRoute`).
    /// Several are driven at once; here every driver plays in real time, so `record` too.
    let drivers: [DriverChoice]
    /// Which devices the evdev driver drives.
    let device: DeviceSelection
    /// The theme file given with `--theme`.
    let theme: String?
    /// Whether to take the name from its owner.
    let replace: Bool

    /// Options given one by one.
    init(drivers: [DriverChoice], device: DeviceSelection, theme: String?, replace: Bool) {
        self.drivers = drivers
        self.device = device
        self.theme = theme
        self.replace = replace
    }

    /// Reads the options; `-h` and `--version` are handled by the caller.
    package init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        drivers = try PlaybackOptions.drivers(Self.driver, from: &arguments) ?? Self.driver.defaultValue
        device = DeviceSelection(option: try arguments.value(Self.device))
        theme = try arguments.value(Self.theme)
        replace = arguments.flag(Self.replace)
    }
}
