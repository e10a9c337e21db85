import HapticsEvdev

/// The options every playing command shares: the driver, the device and the master gain,
/// declared once.
package struct PlaybackOptions: Sendable {
    /// `--driver`, as the playing commands take it.
    static let driver = driverOption(abstract: "where the frames go; auto: a gamepad when one is found, else the terminal; "
                                     + "record: instantly, every frame as a JSON line")
    /// `--device`, as the playing commands take it.
    static let device = deviceOption(default: "auto")
    /// `--gain`.
    static let gain = Option.number("--gain", valueName: "gain", in: 0...1, abstract: "the master gain", default: 1)
    /// The three, in the order the help lists them.
    static let declarations = [driver.declaration, device.declaration, gain.declaration]

    /// `--driver` with the help `abstract`: every driver, `auto` by default (`defaultText`
    /// says otherwise when that depends on other options).
    package static func driverOption(abstract: String, defaultText: String? = nil) -> Option<DriverChoice> {
        .choice("--driver", valueName: "driver", of: DriverChoice.allCases, abstract: abstract, default: .auto, defaultText: defaultText)
    }

    /// `--device`, `defaultValue` when absent.
    package static func deviceOption(default defaultValue: String) -> Option<String> {
        .text("--device", valueName: "device", abstract: "with evdev: auto, all, a node path, an index or a name", default: defaultValue)
    }

    /// Where the frames go.
    let driver: DriverChoice
    /// Which gamepads the evdev driver drives.
    let device: DeviceSelection
    /// The master gain, 0...1.
    let gain: Double

    /// Reads `--driver`, `--device` and `--gain`.
    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        driver = try arguments.value(Self.driver)
        device = DeviceSelection(option: try arguments.value(Self.device))
        gain = try arguments.value(Self.gain)
    }
}
