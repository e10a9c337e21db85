package import HapticsCommandLine
package import HapticsDaemon
import HapticsEvdev
import HapticsRouting

/// `hapticsd`'s command line, declared once in the `haptics` command's conventions.
extension DaemonOptions: ParsableArguments {
    /// `--driver`: every driver; `auto` and `evdev` follow hot-plug, `record` prints in real time.
    static let driverOption = PlaybackOptions.driverOption(
        purpose: "where the frames go (the ...At methods' localities route per pad as the haptics command's localities do)"
    ) { choice in
        switch choice {
        case .auto:
            "every rumble-capable device, hot-plugged ones too (a DualSense on its voice coils), and per pad the path its locality needs"
        case .stdout: "every frame as a line of levels, in real time"
        case .record: "every frame as a JSON line, in real time"
        case .evdev: "every rumble-capable device's force feedback, hot-plugged ones too"
        case .hidraw: "the pads' hidraw nodes (triggers, HD Rumble)"
        case .audio: "the DualSenses' voice coils over USB audio (the ...At methods play their handles there)"
        }
    }
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
