import Glibc
import Haptics
import HapticsEvdev
import PullToRefresh

/// `haptics demo [--trace FILE]`: pull to refresh in the terminal, or a recorded gesture
/// replayed headless.
struct DemoCommand: Subcommand {
    /// The word that selects it.
    static let name = "demo"
    /// Its line in `haptics --help`.
    static let abstract = "Pull to refresh in the terminal, or replay a gesture trace headless."
    /// Its usage, for `-h` and usage errors.
    static let usage = """
        USAGE: haptics demo [--driver <driver>] [--device <device>] [--input <device>] [--hysteresis <points>] [--tension]
               haptics demo --trace <file> [--component <component>] [--driver <driver>] [--hysteresis <points>] [--tension]

        In a terminal: a list with an MJRefresh header. ↓ or j pulls a step (\(Int(KeyDecoder.step)) pt), ↑ or k
        pushes back, space or enter lets go, q or Ctrl-C quits. Past \(Int(RefreshComponentKind.header.defaultHeight)) pt the header fires a light
        impact; letting go there loads for a second.

        With --trace: replays a gesture on a manual clock, exactly and instantly, printing one JSON
        line per state change, impact and tension change. The file has lines t_ms,offset,dragging (dragging 1 or 0)
        and t_ms,end (also t_ms,nomore and t_ms,reset for footers); # starts a comment.

        OPTIONS:
          --trace <file>        the gesture trace to replay
          --component <component>
                                header, back-footer or auto-footer, with --trace (default: header)
          --hysteresis <points> once past the threshold, how far back below it a pull must go
                                to count as back (and fire again), 0 to 100 (default: 0)
          --tension             a faint texture that grows with the pull from 30 % of the way to
                                the threshold, cut off there by the impact and on release
          --driver <driver>     auto, stdout or evdev (default: auto); with --trace also record,
                                the default there, which prints nothing but the JSON lines
          --device <device>     with evdev: auto, all, a node path, an index or a name (default: auto)
          --input <device>      also pull with a gamepad's trigger (or left stick): auto, a node
                                path, an index or a name; none for keys only (default: none)
          -h, --help            Show help information.
        """

    /// What the command does.
    enum Mode: Sendable {
        /// The terminal UI.
        case interactive
        /// Replays the trace at this path on this component.
        case trace(path: String, component: ComponentChoice)
    }

    /// The largest trace file read, in bytes.
    static let maximumTraceSize = 10 * 1024 * 1024

    /// The UI or a replay.
    let mode: Mode
    /// Where the impacts go (`--driver`).
    let driver: DriverChoice
    /// Which gamepads the evdev driver drives (`--device`).
    let device: DeviceSelection
    /// Whose trigger pulls the list (`--input`), beside the keys; `nil` for keys only.
    let trigger: DeviceSelection?
    /// The threshold's hysteresis (`--hysteresis`); the cues are the defaults.
    let configuration: RefreshFeedbackConfiguration
    /// Where the interactive demo reads keys; standard input unless a test says otherwise.
    var input = STDIN_FILENO
    /// Where the interactive demo draws; standard output unless a test says otherwise.
    var output = STDOUT_FILENO

    /// Reads the options; `--component` needs `--trace`, and `--driver record` too.
    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        let trace = try arguments.option("--trace")
        let component = try arguments.choice("--component", of: ComponentChoice.self)
        let driver = try arguments.choice("--driver", of: DriverChoice.self)
        device = try arguments.option("--device").map(DeviceSelection.init(option:)) ?? .auto
        trigger = try arguments.option("--input").flatMap { $0 == "none" ? nil : DeviceSelection(option: $0) }
        let hysteresis = try arguments.number("--hysteresis", in: 0...100) ?? 0
        configuration = RefreshFeedbackConfiguration(hysteresis: hysteresis, tension: arguments.flag("--tension") ? RefreshTension() : nil)
        if let extra = try arguments.positionals().first { throw arguments.error("unexpected argument '\(extra)'") }
        if let trace {
            if trigger != nil { throw arguments.error("'--input' only applies to the interactive demo") }
            mode = .trace(path: trace, component: component ?? .header)
            self.driver = driver ?? .record
        } else {
            if component != nil { throw arguments.error("'--component' only applies with '--trace'") }
            if driver == .record { throw arguments.error("the demo plays in real time; '--driver record' only applies with '--trace'") }
            mode = .interactive
            self.driver = driver ?? .auto
        }
    }

    /// Replays the trace, or runs the UI when standard input is a terminal (exit 64 when not).
    func run(on console: Console) async -> ExitCode {
        switch mode {
        case .trace(let path, let component):
            return await replay(path, on: component, console: console)
        case .interactive:
            return await runInteractively(on: console)
        }
    }

    /// Reads the trace (exit 65 when it cannot be read or parsed) and runs it end to end.
    private func replay(_ path: String, on component: ComponentChoice, console: Console) async -> ExitCode {
        let trace: GestureTrace
        do {
            trace = try GestureTrace(csv: String(decoding: FileReader.bytes(atPath: path, limit: Self.maximumTraceSize), as: UTF8.self))
        } catch let failure as FileReader.Failure {
            switch failure {
            case .system(_, let errno):
                console.err("Error: \(path): cannot read the file: \(errno); check the path and its permissions")
            case .tooLarge(let size):
                console.err("Error: \(path): the file has \(size) bytes, more than the \(Self.maximumTraceSize) a trace may have")
            }
            return .dataError
        } catch {
            console.err("Error: \(path): \(error)")
            return .dataError
        }
        do {
            let destination: any HapticDriver = switch driver {
            case .record: RecordingDriver()
            case .auto, .stdout, .evdev: try driver.makeDriver(device: device, console: console, terminal: StdoutDriver(format: .text, write: console.out))
            }
            try await TraceRunner(kind: component.kind, configuration: configuration).run(trace, on: destination) { console.out($0.jsonLine) }
        } catch {
            console.err("Error: \(Advice.message(for: error))")
            return .failure
        }
        return .success
    }

    /// Runs the UI with the impacts on the chosen driver; the terminal driver's lines go into
    /// the UI's status area, and its impacts flash the header.
    private func runInteractively(on console: Console) async -> ExitCode {
        guard isatty(input) == 1 else {
            console.err("Error: standard input is not a terminal, and the demo reads its keys there; 'haptics demo --trace FILE' replays a gesture headless")
            return .usage
        }
        let (lines, sink) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(DemoModel.driverLinesKept))
        let destination: any HapticDriver
        do {
            destination = try driver.makeDriver(device: device, console: console, terminal: StdoutDriver(format: .text) { sink.yield($0) })
        } catch {
            console.err("Error: \(Advice.message(for: error))")
            return .failure
        }
        let reader: GamepadPullReader?
        do {
            reader = try trigger.map { selection throws(EvdevError) in try GamepadPullReader(selection: selection) }
        } catch {
            console.err("Error: --input: \(Advice.message(for: error))")
            return .failure
        }
        defer { reader?.close() }
        let demo = InteractiveDemo(input: input, output: output, driver: destination, driverLines: lines,
                                   flashes: destination is StdoutDriver, configuration: configuration,
                                   triggerPulls: reader?.pulls)
        do {
            try await demo.run()
        } catch {
            console.err("Error: \(Advice.message(for: error))")
            return .failure
        }
        return .success
    }
}
