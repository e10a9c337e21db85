import HapticsCommandLine
import HapticsEvdev
import HapticsModel
import HapticsRouting

/// `haptics light red|green|blue|white|#RRGGBB [--hold SECONDS] [--device D]`: shows a colour on
/// the pads' light bars, then restores what they showed.
struct LightCommand: Subcommand {
    /// The `<color>` argument.
    static let color = ArgumentDeclaration(
        "color", help: "the colour: \(LightColor.named.map(\.name).joined(separator: ", ")) or #RRGGBB",
        completion: .words(LightColor.named.map(\.name)))
    /// `--hold`.
    static let hold = Option.number(
        "--hold", valueName: "seconds", in: 0...86_400, abstract: "how long the colour shows before the light bar is restored",
        absent: "until SIGINT or SIGTERM")
    /// `--device`.
    static let device = Option.text(
        "--device", valueName: "device",
        abstract: "auto (the first pad with a light bar), all (every one), a node path, an index or a name", default: "auto",
        completion: .wordsOrFiles(["auto", "all"]))

    /// The name the command line calls it by.
    static let name = "light"

    /// The command's declaration.
    static let configuration = CommandConfiguration(
        name: name, parent: "haptics", abstract: "Show a colour on the pads' light bars, then restore what they showed.",
        arguments: [color], options: [hold.declaration, device.declaration])

    let color: LightColor
    let hold: Double?
    let device: DeviceSelection

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        hold = try arguments.value(Self.hold)
        device = DeviceSelection(option: try arguments.value(Self.device))
        let name = try arguments.single(Self.color)
        guard let color = LightColor(parsing: name) else {
            throw arguments.error(
                "unknown colour '\(name)': expected \(LightColor.named.map(\.name).joined(separator: ", ")) or #RRGGBB")
        }
        self.color = color
    }

    func run(on console: Console) async -> ExitCode {
        let bars: [LightBar]
        switch lightBars() {
        case .success(let found): bars = found
        case .failure(let error):
            console.err("Error: \(error)")
            return .failure
        }
        let (stops, stop) = AsyncStream.makeStream(of: Void.self)
        let trap = SignalTrap { stop.yield() }
        let restore = bars.map { $0.restorable() }
        var failure: LightError?
        for bar in bars {
            do throws(LightError) { try bar.show(color) } catch {
                failure = error
                break
            }
        }
        if failure == nil {
            if let hold {
                Task {
                    try? await Task.sleep(for: .seconds(hold))
                    stop.yield()
                }
            }
            for await _ in stops { break }
        }
        for (bar, reading) in zip(bars, restore) {
            do throws(LightError) { try bar.write(reading) } catch { failure = failure ?? error }
        }
        trap.release()
        if let failure {
            console.err("Error: \(failure)")
            return .failure
        }
        return trap.exitCode ?? .success
    }

    /// The light bars `device` picks: for `auto` the first pad that has one; otherwise every
    /// pad picked, each of which must have one.
    private func lightBars() -> Result<[LightBar], LightError> {
        let discovery = DeviceDiscovery()
        if device == .auto {
            guard let bar = discovery.devices(selectedBy: .all).lazy.compactMap({ LightBar(node: $0.node) }).first else {
                return .failure(.noPad(selection: "auto", directory: discovery.directory))
            }
            return .success([bar])
        }
        let pads = discovery.devices(selectedBy: device)
        guard !pads.isEmpty else { return .failure(.noPad(selection: "\(device)", directory: discovery.directory)) }
        var bars: [LightBar] = []
        for pad in pads {
            guard let bar = LightBar(node: pad.node) else { return .failure(.noLightBar(node: "\(pad.node) (\(pad.name))")) }
            bars.append(bar)
        }
        return .success(bars)
    }
}
