import HapticsCommandLine
import HapticsEvdev
import HapticsHidraw
import HapticsModel
import HapticsRouting
import Synchronization

/// `haptics trigger left|right|both MODE [OPTIONS] [--hold SECONDS] [--device D] [--driver auto|hidraw]`:
/// sets an adaptive trigger's effect through the pad's hidraw node (or plays its vibration modes on
/// an Xbox pad's trigger motors), holds it, then turns it off; `haptics trigger --status` (alone,
/// or with an effect) prints the triggers' status meanwhile.
struct TriggerCommand: Subcommand {
    /// The `<side>` argument.
    static let side = ArgumentDeclaration(
        "side", help: "which trigger (values: left, right, both)", completion: .words(["left", "right", "both"]))
    /// The `<mode>` argument.
    static let mode = ArgumentDeclaration(
        "mode", help: "the effect (values: \(TriggerMode.allCases.map(\.rawValue).joined(separator: ", ")))",
        completion: .words(TriggerMode.allCases.map(\.rawValue)))
    /// The number options, each needed by some modes (`TriggerMode.options`).
    static let numbers: [Option<Double?>] = [
        number("--start", "position", "where the effect starts along the travel (feedback, weapon, vibration, slope)"),
        number("--end", "position", "where the effect ends (weapon: where it gives way; slope: where it reaches --end-strength)"),
        number("--strength", "strength", "how strongly the trigger resists (feedback, weapon; slope: at --start)"),
        number("--end-strength", "strength", "the slope's strength at --end and after it"),
        number("--amplitude", "amplitude", "how strongly the trigger vibrates (vibration)"),
        number("--frequency", "frequency", "how fast it vibrates, 0 the slowest the trigger plays and 1 the fastest"),
    ]
    /// The list options: ten numbers from 0 to 1, one a zone from rest to fully pulled.
    static let lists: [Option<[Double]?>] = [
        list("--strengths", "s0,...,s9", "each zone's resistance (positional-feedback)"),
        list("--amplitudes", "a0,...,a9", "each zone's vibration (positional-vibration)"),
    ]
    /// `--hold`.
    static let hold = Option.number(
        "--hold", valueName: "seconds", in: 0...86_400, abstract: "how long to hold the effect before turning it off",
        absent: "until SIGINT or SIGTERM")
    /// `--status`.
    static let status = Flag(
        "--status",
        abstract: "print the triggers' status as JSON lines, one each time it changes (alone: without setting an effect)")
    /// `--device`.
    static let device = PlaybackOptions.deviceOption(default: "auto")
    /// `--driver`: the hidraw node is the only way to the triggers.
    static let driver = Option.choice(
        "--driver", valueName: "driver", of: [DriverChoice.auto, .hidraw], abstract: "how the pad is reached: both write its hidraw node",
        default: .auto)

    /// The name the command line calls it by.
    static let name = "trigger"

    /// The command's declaration.
    static let configuration = CommandConfiguration(
        name: name, parent: "haptics", abstract: "Set an adaptive trigger's effect, as GCDualSenseAdaptiveTrigger does.",
        discussion: """
            Positions, strengths, amplitudes and frequencies run from 0 to 1; a position 0 is the trigger at rest, 1 fully \
            pulled. The effect holds for --hold seconds, or until SIGINT or SIGTERM, then the trigger is turned off. On an \
            Xbox pad over Bluetooth, vibration and positional-vibration play on the trigger motors, following the trigger's \
            position (the frequency is not played); the resistance modes need adaptive triggers.

            With --status, each trigger's status (as GCDualSenseAdaptiveTrigger.status and armPosition), its position and \
            the effect the pad runs are printed as JSON lines, one each time they change; given alone (haptics trigger \
            --status), it sets no effect and reads until --hold or a signal.
            """,
        arguments: [side, mode],
        options: numbers.map(\.declaration) + lists.map(\.declaration) + [
            hold.declaration, device.declaration, driver.declaration, status.declaration,
        ])

    /// The triggers set.
    let sides: [Actuator.Side]
    /// The effect set on them.
    let effect: TriggerEffect
    /// How long it holds, `nil` until a signal.
    let holdSeconds: Double?
    /// Which pads are driven.
    let selection: DeviceSelection
    /// Whether the triggers' status is printed (`--status`).
    let readsStatus: Bool

    init(parsing arguments: inout ArgumentReader) throws(UsageError) {
        var numbers: [String: Double] = [:]
        for option in Self.numbers {
            if let value = try arguments.value(option) { numbers[option.name] = value }
        }
        var lists: [String: [Double]] = [:]
        for option in Self.lists {
            if let value = try arguments.value(option) { lists[option.name] = value }
        }
        holdSeconds = try arguments.value(Self.hold)
        selection = DeviceSelection(option: try arguments.value(Self.device))
        _ = try arguments.value(Self.driver)
        readsStatus = arguments.flag(Self.status)
        let given = Array(numbers.keys) + Array(lists.keys)
        let values = try arguments.positionals()
        if readsStatus && values.isEmpty {
            if let extra = given.sorted().first { throw arguments.error("'--status' without a mode takes no '\(extra)'") }
            (sides, effect) = ([], .off)
            return
        }
        let declared = [Self.side, Self.mode]
        if values.count < declared.count { throw arguments.error("missing \(declared[values.count].label)") }
        if values.count > declared.count { throw arguments.error("unexpected argument '\(values[declared.count])'") }
        switch values[0] {
        case "left": sides = [.left]
        case "right": sides = [.right]
        case "both": sides = [.left, .right]
        default: throw arguments.error("unknown trigger '\(values[0])': left, right or both")
        }
        guard let mode = TriggerMode(rawValue: values[1]) else {
            let modes = TriggerMode.allCases.map(\.rawValue).joined(separator: ", ")
            throw arguments.error("unknown trigger mode '\(values[1])' (modes: \(modes))")
        }
        if let extra = given.sorted().first(where: { !mode.options.contains($0) }) {
            throw arguments.error("'\(mode.rawValue)' takes no '\(extra)'")
        }
        if let missing = mode.options.first(where: { !given.contains($0) }) {
            throw arguments.error("'\(mode.rawValue)' needs '\(missing)'")
        }
        effect = mode.effect(number: { numbers[$0] ?? 0 }, list: { lists[$0] ?? [] })
    }

    func run(on console: Console) async -> ExitCode {
        let (signals, signalled) = AsyncStream.makeStream(of: Void.self)
        let trap = SignalTrap { signalled.yield() }
        defer { trap.release() }
        let driver = HidrawDriver(selection: selection, notice: { console.err("note: \($0)") })
        let reader: TriggerStatusReader?
        do {
            for side in sides { try driver.setTriggerEffect(effect, on: side) }
            reader = readsStatus ? try driver.triggerStatusReader() : nil
        } catch {
            // The pads are named before `close` lets go of them.
            let message = Self.message(for: error, pads: driver.pads)
            driver.close()
            console.err("Error: \(message)")
            return Self.isUsage(error) ? .usage : .failure
        }
        let lines = Mutex(TriggerStatusLines(effects: Dictionary(uniqueKeysWithValues: sides.map { ($0, effect) })))
        reader?.start { left, right in
            for line in lines.withLock({ $0.lines(left: left, right: right) }) { console.out(line) }
        }
        await withTaskGroup(of: Void.self) { [holdSeconds] group in
            group.addTask {
                for await _ in signals { return }
            }
            if let holdSeconds {
                group.addTask { try? await Task.sleep(for: .seconds(holdSeconds)) }
            }
            await group.next()
            group.cancelAll()
        }
        reader?.close()
        for side in sides { try? driver.setTriggerEffect(.off, on: side) }
        driver.close()
        return trap.exitCode ?? .success
    }

    /// What went wrong, and for a pad without adaptive triggers what it has (rumble, or trigger
    /// motors that play the vibration modes).
    private static func message(for error: any Error, pads: [HidrawPadInfo]) -> String {
        switch error {
        case HidrawError.noAdaptiveTriggers(let name):
            let parts = pads.first.map { $0.model.parts.sorted().map(\.rawValue).joined(separator: ", ") } ?? ""
            return "\(name) has no adaptive triggers (a DualSense has): it has rumble at \(parts)"
        case HidrawError.unsupportedPad:
            return "\(error): it has no adaptive triggers hidraw reaches (a DualSense has)"
        default:
            return Advice.message(for: error)
        }
    }

    /// Whether `error` is the command line's: a pad without adaptive triggers, or a locality it lacks.
    private static func isUsage(_ error: any Error) -> Bool {
        switch error {
        case HidrawError.noAdaptiveTriggers, HidrawError.triggerMotorsOnly, HidrawError.unsupportedPad: true
        default: PlaybackRunner.isUsage(error)
        }
    }

    /// A number option from 0 to 1, absent unless given.
    private static func number(_ name: String, _ valueName: String, _ abstract: String) -> Option<Double?> {
        .number(name, valueName: valueName, in: 0...1, abstract: abstract, absent: "none; the modes named need it")
    }

    /// A list option of ten numbers from 0 to 1, absent unless given.
    private static func list(_ name: String, _ valueName: String, _ abstract: String) -> Option<[Double]?> {
        Option(
            name, valueName: valueName, abstract: abstract, default: nil, defaultText: nil,
            expected: "ten numbers from 0 to 1, separated by commas"
        ) { text in
            let fields = text.split(separator: ",", omittingEmptySubsequences: false)
            let values = fields.compactMap { Double($0) }.filter { (0...1).contains($0) }
            return values.count == TriggerEffect.positionCount && fields.count == values.count ? values : nil
        }
    }
}
