import HapticsCommandLine
import HapticsEvdev

/// `haptics devices [--json]`.
struct DevicesCommand: Subcommand {
    /// `--json`.
    static let json = Flag("--json", abstract: "one JSON array of devices")
    /// The command's declaration.
    static let configuration = CommandConfiguration(
        name: "devices", parent: "haptics", abstract: "List the input devices that can vibrate.", options: [json.declaration])

    let json: Bool

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        json = arguments.flag(Self.json)
    }

    func run(on console: Console) async -> ExitCode {
        let discovery = DeviceDiscovery()
        let devices = discovery.devices()
        if json {
            console.out("[" + devices.map(\.json).joined(separator: ",") + "]")
        } else if devices.isEmpty {
            console.err(
                "no device that can vibrate was found in \(discovery.directory): plug in a gamepad, "
                    + "and see the README's Real hardware section if it is plugged in")
        } else {
            for (index, device) in devices.enumerated() { console.out("\(index)  \(Advice.line(for: device))") }
        }
        return .success
    }
}
