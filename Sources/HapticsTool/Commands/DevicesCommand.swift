import HapticsAudio
import HapticsCommandLine
import HapticsEvdev
import HapticsHidraw
import HapticsRouting

/// `haptics devices [--json]`.
struct DevicesCommand: Subcommand {
    /// `--json`.
    static let json = Flag("--json", abstract: "one JSON array of devices")

    /// The name the command line calls it by.
    static let name = "devices"

    /// The command's declaration.
    static let configuration = CommandConfiguration(
        name: name, parent: "haptics",
        abstract: "List the input devices that can vibrate, with their localities, hidraw nodes and sound cards.",
        options: [json.declaration])

    let json: Bool

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        json = arguments.flag(Self.json)
    }

    func run(on console: Console) async -> ExitCode {
        let discovery = DeviceDiscovery()
        let hidraw = HidrawDiscovery()
        let cards = SoundCardDiscovery()
        let devices = (discovery.devices() + hidraw.hidrawOnlyPads()).map {
            DeviceListing(device: $0, hidraw: hidraw.pad(for: $0), audio: cards.card(forEventNode: $0.node))
        }
        if json {
            console.out("[" + devices.map(\.json).joined(separator: ",") + "]")
        } else if devices.isEmpty {
            console.err(
                "no device that can vibrate was found in \(discovery.directory): plug in a gamepad; "
                    + "if it is plugged in, \(Advice.troubleshooting) ('man haptics') says what to check")
        } else {
            for (index, device) in devices.enumerated() { console.out("\(index)  \(device.line)") }
        }
        return .success
    }
}
