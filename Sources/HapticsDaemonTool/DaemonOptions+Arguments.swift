package import HapticsCommandLine
package import HapticsDaemon
import HapticsEvdev
import HapticsRouting

/// `hapticsd`'s command line, declared once in the `haptics` command's conventions.
extension DaemonOptions: ParsableArguments {
    /// `--driver`: every driver; `auto` and `evdev` follow hot-plug, `record` prints in real time.
    static let driverOption = PlaybackOptions.driverOption(
        abstract: "where the frames go; auto and evdev: every rumble-capable device, hot-plugged ones too; "
            + "hidraw: the pads' hidraw nodes (triggers, HD Rumble); the ...At methods' localities route per pad as the haptics command's localities do; "
            + "record: every frame as a JSON line, in real time")
    /// `--device`, every device by default.
    static let deviceOption = PlaybackOptions.deviceOption(default: "all")
    /// `--theme`.
    static let themeOption = Option.text(
        "--theme", valueName: "file", abstract: "a feedbackd theme",
        absent: "$FEEDBACK_THEME, then $XDG_CONFIG_HOME/feedbackd/themes/default.json, then the built-in one",
        completion: .files)
    /// `--replace`.
    static let replaceFlag = Flag("--replace", abstract: "take org.sigxcpu.Feedback from the process owning it")
    /// The command's declaration.
    package static let configuration = CommandConfiguration(
        name: "hapticsd", abstract: "Gamepad haptics for every app: feedbackd's D-Bus API (org.sigxcpu.Feedback) on the session bus.",
        options: [driverOption.declaration, deviceOption.declaration, themeOption.declaration, replaceFlag.declaration], takesVersion: true)

    /// Reads the options; `-h` and `--version` are handled by the caller.
    package init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        self.init(
            drivers: try PlaybackOptions.drivers(Self.driverOption, from: &arguments) ?? Self.driverOption.defaultValue,
            device: DeviceSelection(option: try arguments.value(Self.deviceOption)),
            theme: try arguments.value(Self.themeOption),
            replace: arguments.flag(Self.replaceFlag))
    }
}
