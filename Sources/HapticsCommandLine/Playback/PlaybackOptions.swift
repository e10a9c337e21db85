package import HapticsEvdev
package import HapticsModel
package import HapticsRouting

/// The options every playing command shares: the driver, the device, the locality and the
/// master gain, declared once.
package struct PlaybackOptions: Sendable {
    /// `--driver`, as the playing commands take it.
    package static let driver = driverOption(purpose: "where the frames go", alone: [.auto, .record]) { choice in
        switch choice {
        case .auto: "a gamepad when one is found, else the terminal (unless --device names one)"
        case .stdout: "the terminal, a line of levels per frame"
        case .record: "instantly, every frame as a JSON line, and only alone"
        case .evdev: "the pad's force feedback (its /dev/input/event node) only"
        case .hidraw: "the pad's hidraw node only"
        case .audio: "a DualSense's voice coils over USB audio (its ALSA card's channels 3-4)"
        }
    }
    /// `--device`, as the playing commands take it.
    package static let device = deviceOption(default: "auto")
    /// `--locality`: where on the pad the frames play, as Core Haptics names a controller's
    /// parts.
    package static let locality = Option.choice(
        "--locality", valueName: "locality", of: Locality.allCases,
        abstract: "where on the pad it plays; left-handle and right-handle play one handle's motor, "
            + "triggers need hidraw (a DualSense's or an Xbox pad's over Bluetooth); a locality the pad lacks is an error",
        default: .all)
    /// `--gain`.
    package static let gain = Option.number("--gain", valueName: "gain", in: 0...1, abstract: "the master gain", default: 1)
    /// The four, in the order the help lists them.
    package static let declarations = [driver.declaration, device.declaration, locality.declaration, gain.declaration]

    /// `--driver`: one driver, or several separated by commas, all driven at once
    /// (`stdout,evdev`); `auto` by default (`defaultText` says otherwise when that depends on
    /// other options). The help gives its `purpose`, then what each driver does there, from
    /// `meaning`, in the order of `DriverChoice.allCases`. A list must also pass
    /// `DriverChoice.problem(with:)`, which `drivers(_:from:)` checks; the shells complete
    /// lists without the drivers of `alone`, which the command takes only by themselves
    /// (`auto` always).
    package static func driverOption(
        purpose: String, defaultText: String? = nil, alone: [DriverChoice] = [.auto], meaning: @escaping @Sendable (DriverChoice) -> String
    ) -> Option<[DriverChoice]> {
        Option(
            "--driver", valueName: "driver",
            abstract: ([purpose] + DriverChoice.allCases.map { "\($0.rawValue): \(meaning($0))" }
                + ["several (not auto), separated by commas, drive all at once, e.g. stdout,evdev"])
                .joined(separator: "; "),
            notes: [ChoiceText.values(DriverChoice.allCases)], default: [.auto], defaultText: defaultText ?? DriverChoice.auto.rawValue,
            completion: .commaSeparatedWords(DriverChoice.allCases.map(\.rawValue), alone: alone.map(\.rawValue)),
            expected: ChoiceText.expected(DriverChoice.allCases)
        ) { text in
            let names = text.split(separator: ",", omittingEmptySubsequences: false)
            let drivers = names.compactMap { DriverChoice(rawValue: String($0)) }
            return drivers.count == names.count ? drivers : nil
        }
    }

    /// The drivers `option` names on `arguments`, `nil` when absent; a list `DriverChoice.problem(with:)`
    /// finds fault with is a usage error.
    package static func drivers(_ option: Option<[DriverChoice]>, from arguments: inout ArgumentReader) throws(UsageError)
        -> [DriverChoice]?
    {
        let drivers = try arguments.valueIfPresent(option)
        if let problem = drivers.flatMap(DriverChoice.problem(with:)) { throw arguments.error(problem) }
        return drivers
    }

    /// `--device`, `defaultValue` when absent.
    package static func deviceOption(default defaultValue: String) -> Option<String> {
        .text(
            "--device", valueName: "device", abstract: "with evdev, hidraw and audio: auto, all, a node path, an index or a name",
            default: defaultValue,
            completion: .wordsOrFiles(["auto", "all"]))
    }

    /// Where the frames go: one driver, or several driven at once; `record` only alone.
    package let drivers: [DriverChoice]
    /// Which gamepads the evdev driver drives.
    package let device: DeviceSelection
    /// Where on the pads the frames play.
    package let locality: Locality
    /// The master gain, 0...1.
    package let gain: Double

    /// Reads `--driver`, `--device`, `--locality` and `--gain`. `record` plays instantly, with no clock,
    /// the others in real time, so it cannot be in a list.
    package init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        drivers = try Self.drivers(Self.driver, from: &arguments) ?? Self.driver.defaultValue
        if drivers.count > 1, drivers.contains(.record) {
            throw arguments.error("'record' plays instantly on a virtual clock, the others in real time: it cannot be combined with them")
        }
        device = DeviceSelection(option: try arguments.value(Self.device))
        locality = try arguments.value(Self.locality)
        gain = try arguments.value(Self.gain)
    }
}
