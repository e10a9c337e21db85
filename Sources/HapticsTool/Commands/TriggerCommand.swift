import HapticsCommandLine
import HapticsEvdev
import HapticsHidraw
import HapticsModel
import HapticsRouting

/// `haptics trigger left|right|both MODE [OPTIONS] [--hold SECONDS] [--device D] [--driver auto|hidraw]`:
/// sets an adaptive trigger's effect through the pad's hidraw node (or plays its vibration modes on
/// an Xbox pad's trigger motors), holds it, then turns it off.
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
    /// `--device`.
    static let device = PlaybackOptions.deviceOption(default: "auto")
    /// `--driver`: the hidraw node is the only way to the triggers.
    static let driver = Option.choice(
        "--driver", valueName: "driver", of: [DriverChoice.auto, .hidraw], abstract: "how the pad is reached: both write its hidraw node",
        default: .auto)
    /// The command's declaration.
    static let configuration = CommandConfiguration(
        name: "trigger", parent: "haptics", abstract: "Set an adaptive trigger's effect, as GCDualSenseAdaptiveTrigger does.",
        discussion: """
            Positions, strengths, amplitudes and frequencies run from 0 to 1; a position 0 is the trigger at rest, 1 fully \
            pulled. The effect holds for --hold seconds, or until SIGINT or SIGTERM, then the trigger is turned off. On an \
            Xbox pad over Bluetooth, vibration and positional-vibration play on the trigger motors, following the trigger's \
            position (the frequency is not played); the resistance modes need adaptive triggers.
            """,
        arguments: [side, mode],
        options: numbers.map(\.declaration) + lists.map(\.declaration) + [hold.declaration, device.declaration, driver.declaration])

    /// The triggers set.
    let sides: [Actuator.Side]
    /// The effect set on them.
    let effect: TriggerEffect
    /// How long it holds, `nil` until a signal.
    let holdSeconds: Double?
    /// Which pads are driven.
    let selection: DeviceSelection

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
        let values = try arguments.values(of: [Self.side, Self.mode])
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
        let given = Array(numbers.keys) + Array(lists.keys)
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
        do {
            for side in sides { try driver.setTriggerEffect(effect, on: side) }
        } catch {
            driver.close()
            console.err("Error: \(Self.message(for: error, pads: driver.pads))")
            return Self.isUsage(error) ? .usage : .failure
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
