import Glibc
import HapticsCommandLine
import HapticsEvdev
import HapticsModel
import HapticsPlatform
import HapticsPlayback
import HapticsRouting
import PullToRefresh

/// `haptics demo [--trace FILE]`: pull to refresh in the terminal, or a recorded gesture
/// replayed headless.
struct DemoCommand: Subcommand {
    /// `--trace`.
    static let trace = Option.text(
        "--trace", valueName: "file", abstract: "replay the gesture trace in this file, headless, instead of the terminal UI",
        completion: .files)
    /// `--component`.
    static let component = Option.choice(
        "--component", valueName: "component", of: RefreshComponentKind.allCases,
        abstract: "the component the trace is replayed on, with --trace", default: .header)
    /// `--hysteresis`.
    static let hysteresis = Option.number(
        "--hysteresis", valueName: "points", in: 0...100,
        abstract: "once past the threshold, how far back below it a pull must go to count as back (and fire again)",
        default: 0)
    /// `--tension`.
    static let tension = Flag(
        "--tension",
        abstract: "a faint texture that grows with the pull from 30 % of the way to the threshold, "
            + "cut off there by the impact and on release")
    /// `--driver`: as the playing commands take it, but `record` only with `--trace` (where
    /// every driver plays on the trace's manual clock, so `record` may be in a list), and with
    /// `--trace` nowhere by default.
    static let driver = PlaybackOptions.driverOption(purpose: "where the impacts go", defaultText: "auto; with --trace, nowhere") {
        choice in
        switch choice {
        case .auto: "a gamepad when one is found, else the terminal"
        case .stdout: "the terminal; with --trace, every frame as text among the trace's lines"
        case .record: "with --trace only, every frame as a JSON line among the trace's lines"
        case .evdev: "the pad's force feedback (its /dev/input/event node) only"
        case .hidraw: "the pad's hidraw node only"
        case .audio: "a DualSense's voice coils over USB audio"
        }
    }
    /// The `--input` value that means the keys alone.
    static let keysOnly = "none"
    /// The `--input` value that means the first gamepad's trigger, as `auto` picks it.
    static let firstTrigger = "trigger"
    /// The `--input` value that means a Steam Deck's right trackpad (the Deck `--device` picks).
    static let trackpad = "trackpad"
    /// `--input`.
    static let input = Option.text(
        "--input", valueName: "device",
        abstract: "also pull with a gamepad's trigger (or left stick): "
            + "auto or \(firstTrigger) (the first gamepad), a node path, an index or a name; \(keysOnly) for keys only; "
            + "a DualSense's trigger, with hidraw access, resists up to the threshold and gives way there; "
            + "\(trackpad): a Steam Deck's right trackpad, the finger's travel down it, the impacts pulses on it", default: keysOnly,
        completion: .wordsOrFiles(["auto", firstTrigger, trackpad, keysOnly]))

    /// The name the command line calls it by.
    static let name = "demo"

    /// The command's declaration.
    static let configuration = CommandConfiguration(
        name: name, parent: "haptics", abstract: "Pull to refresh in the terminal, or replay a gesture trace headless.",
        discussion: """
            In a terminal: a list with an MJRefresh header. ↓ or j pulls a step (\(Int(KeyDecoder.step)) pt), ↑ or k \
            pushes back, space or enter lets go, q or Ctrl-C quits. Past \(Int(RefreshComponentKind.header.defaultHeight)) pt \
            the header fires a light impact; letting go there loads for a second.

            With --trace: replays a gesture on a manual clock, exactly and instantly, printing one JSON line per state \
            change, impact and tension change, after one line on standard error saying so. The file has lines t_ms,offset,dragging (dragging 1 or 0) and t_ms,end \
            (also t_ms,nomore and t_ms,reset for footers); # starts a comment.
            """,
        options: [
            trace.declaration, component.declaration, hysteresis.declaration, tension.declaration,
            driver.declaration, PlaybackOptions.device.declaration, input.declaration,
        ])

    /// What the command does.
    enum Mode: Sendable {
        /// The terminal UI, its impacts on this driver.
        case interactive(drivers: [DriverChoice])
        /// Replays the trace at this path on this component, its frames on these drivers
        /// (`nil`: nowhere).
        case trace(path: String, component: RefreshComponentKind, drivers: [DriverChoice]?)
    }

    /// The largest trace file read, in bytes.
    static let maximumTraceSize = 10 * 1024 * 1024

    /// The UI or a replay.
    let mode: Mode
    /// Which gamepads the evdev driver drives (`--device`).
    let device: DeviceSelection
    /// Whose trigger pulls the list (`--input`), beside the keys; `nil` for keys only.
    let trigger: DeviceSelection?
    /// Whether a Steam Deck's right trackpad pulls the list (`--input trackpad`), beside the keys.
    let readsTrackpad: Bool
    /// The threshold's hysteresis (`--hysteresis`); the cues are the defaults.
    let configuration: RefreshFeedbackConfiguration
    /// Where the interactive demo reads keys; standard input unless a test says otherwise.
    var input = STDIN_FILENO
    /// Where the interactive demo draws; standard output unless a test says otherwise.
    var output = STDOUT_FILENO

    /// Reads the options; `--component` needs `--trace`, and `--driver record` too.
    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        let trace = try arguments.value(Self.trace)
        let component = try arguments.valueIfPresent(Self.component)
        let drivers = try PlaybackOptions.drivers(Self.driver, from: &arguments)
        device = DeviceSelection(option: try arguments.value(PlaybackOptions.device))
        let input = try arguments.value(Self.input)
        readsTrackpad = input == Self.trackpad
        trigger =
            switch input {
            case Self.keysOnly, Self.trackpad: nil
            case Self.firstTrigger: .auto
            default: DeviceSelection(option: input)
            }
        let hysteresis = try arguments.value(Self.hysteresis)
        configuration = RefreshFeedbackConfiguration(hysteresis: hysteresis, tension: arguments.flag(Self.tension) ? RefreshTension() : nil)
        if let trace {
            if trigger != nil || readsTrackpad { throw arguments.error("'--input' only applies to the interactive demo") }
            mode = .trace(path: trace, component: component ?? Self.component.defaultValue, drivers: drivers)
        } else {
            if component != nil { throw arguments.error("'--component' only applies with '--trace'") }
            if drivers?.contains(.record) == true {
                throw arguments.error("the demo plays in real time; '--driver record' only applies with '--trace'")
            }
            mode = .interactive(drivers: drivers ?? Self.driver.defaultValue)
        }
    }

    /// Replays the trace, or runs the UI when standard input is a terminal (exit 64 when not).
    func run(on console: Console) async -> ExitCode {
        switch mode {
        case .trace(let path, let component, let drivers):
            return await replay(path, on: component, drivers: drivers, console: console)
        case .interactive(let drivers):
            return await runInteractively(on: drivers, console: console)
        }
    }

    /// Reads the trace (exit 65 when it cannot be read or parsed) and runs it end to end, the
    /// frames on `drivers` (`record` and `stdout` print them among the trace's lines; `nil`
    /// plays nothing: the machine alone makes the lines).
    private func replay(_ path: String, on component: RefreshComponentKind, drivers: [DriverChoice]?, console: Console) async -> ExitCode {
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
            let destination = try drivers.map { drivers in
                try DriverChoice.combined(drivers) { choice in
                    choice == .record
                        ? StdoutDriver(format: .json, write: console.out)
                        : try choice.makeDriver(
                            device: device, notice: { console.err("note: \($0)") },
                            terminal: StdoutDriver(format: .text, write: console.out))
                }
            }
            console.err(Self.legend(path: path, component: component, drivers: drivers))
            try await TraceRunner(kind: component, configuration: configuration).run(trace, on: destination) { console.out($0.jsonLine) }
        } catch {
            console.err("Error: \(Advice.message(for: error))")
            return .failure
        }
        return .success
    }

    /// The line a replay writes on standard error before its lines, saying what they are (its
    /// standard output stays the lines alone, for programs to read), e.g. "replaying
    /// clean-pull.csv on the header, headless: a JSON line per state change and cue fired, at
    /// its time in the trace (t_ms)", and what `record` and `stdout` add among them.
    static func legend(path: String, component: RefreshComponentKind, drivers: [DriverChoice]?) -> String {
        let frames: String? =
            switch (drivers?.contains(.record) == true, drivers?.contains(.stdout) == true) {
            case (true, true): "a JSON line (duration_ms) and a text line per frame played"
            case (true, false): "a JSON line per frame played (duration_ms)"
            case (false, true): "a text line per frame played"
            case (false, false): nil
            }
        return "replaying \(path) on the \(component.rawValue), headless: a JSON line per state change and cue fired, "
            + "at its time in the trace (t_ms)" + (frames.map { ", and \($0)" } ?? "")
    }

    /// Runs the UI with the impacts on the chosen drivers; the terminal driver's lines go into
    /// the UI's status area, and when it is among them the impacts flash the header. A
    /// DualSense's trigger read with `--input` resists up to the threshold (`TriggerFeel`)
    /// while the demo runs, reset on every way out; the impacts then play on the handles only.
    /// A Steam Deck's right trackpad read with `--input trackpad` gets the impacts as pulses.
    private func runInteractively(on drivers: [DriverChoice], console: Console) async -> ExitCode {
        guard isatty(input) == 1 else {
            console.err(
                "Error: standard input is not a terminal, and the demo reads its keys there; 'haptics demo --trace FILE' replays a gesture headless"
            )
            return .usage
        }
        let reader: GamepadPullReader?
        do {
            reader = try trigger.map { selection throws(EvdevError) in try GamepadPullReader(selection: selection) }
        } catch {
            console.err("Error: --input: \(Advice.inputMessage(for: error))")
            return .failure
        }
        defer { reader?.close() }
        let trackpad: TrackpadPullReader?
        do {
            trackpad = readsTrackpad ? try TrackpadPullReader(selection: device) : nil
        } catch {
            console.err("Error: --input: \(Advice.message(for: error))")
            return .failure
        }
        defer { trackpad?.close() }
        let feel = reader.flatMap { TriggerFeel.open(for: $0, console: console) }
        defer { feel?.release() }
        let (lines, sink) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(DemoModel.driverLinesKept))
        let destination: any HapticDriver
        do {
            destination = try DriverChoice.combined(drivers) { choice in
                try choice.makeDriver(
                    device: trackpad.map { .path($0.device.node) } ?? device,
                    locality: trackpad != nil ? .rightTrackpad : feel == nil ? .all : .handles, notice: { console.err("note: \($0)") },
                    terminal: StdoutDriver(format: .text) { sink.yield($0) })
            }
        } catch {
            console.err("Error: \(Advice.message(for: error))")
            return .failure
        }
        let demo = InteractiveDemo(
            input: input, output: output, driver: destination, driverLines: lines,
            flashes: Self.drawsInTheTerminal(destination), configuration: configuration,
            trigger: trackpad ?? reader)
        do {
            return try await demo.run() ?? .success
        } catch {
            console.err("Error: \(Advice.message(for: error))")
            return .failure
        }
    }

    /// Whether `driver` is the terminal driver, or a fan-out with it among its drivers.
    private static func drawsInTheTerminal(_ driver: any HapticDriver) -> Bool {
        driver is StdoutDriver || (driver as? FanOutDriver)?.drivers.contains(where: drawsInTheTerminal) == true
    }
}
