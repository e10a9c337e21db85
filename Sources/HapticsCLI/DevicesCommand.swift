import HapticsEvdev

/// `haptics devices [--json]`.
struct DevicesCommand: Subcommand {
    static let name = "devices"
    static let abstract = "List the input devices that can vibrate."
    static let usage = """
        USAGE: haptics devices [--json]

        OPTIONS:
          --json                one JSON array of devices
          -h, --help            Show help information.
        """

    let json: Bool

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        json = arguments.flag("--json")
        if let extra = try arguments.positionals().first { throw arguments.error("unexpected argument '\(extra)'") }
    }

    func run(on console: Console) async -> ExitCode {
        let discovery = DeviceDiscovery()
        let devices = discovery.devices()
        if json {
            console.out("[" + devices.map(\.json).joined(separator: ",") + "]")
        } else if devices.isEmpty {
            console.err("no device that can vibrate was found in \(discovery.directory): plug in a gamepad, "
                        + "and see the README's Real hardware section if it is plugged in")
        } else {
            for (index, device) in devices.enumerated() { console.out("\(index)  \(Advice.line(for: device))") }
        }
        return .success
    }
}
