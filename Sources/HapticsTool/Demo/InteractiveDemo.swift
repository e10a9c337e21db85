import HapticsCommandLine
import HapticsModel
import HapticsPlayback
import PullToRefresh

/// The interactive pull-to-refresh demo on a terminal, in real time: keys from `input`, the
/// screen on `output`, impacts on `driver`.
///
/// It takes the terminal over (`TerminalSession`) and gives it back on every way out: quitting,
/// the end of input, and SIGINT or SIGTERM (through `SignalTrap`, which asks it to quit). Inputs reach
/// the `DemoModel` as a stream of `DemoInput`s, so another source can be merged in beside the keys.
struct InteractiveDemo: Sendable {
    /// The terminal's keys.
    let input: Int32
    /// The terminal's screen.
    let output: Int32
    /// Where the impacts play.
    let driver: any HapticDriver
    /// The lines `driver` writes, shown in the status area (none for a gamepad).
    let driverLines: AsyncStream<String>
    /// Whether an impact flashes the header: when the driver is the terminal, what you see is
    /// all you get.
    let flashes: Bool
    /// Which cues fire, and the threshold's hysteresis.
    let configuration: RefreshFeedbackConfiguration
    /// A gamepad trigger's pulls (0...1), beside the keys; `nil` for keys only.
    var triggerPulls: AsyncStream<Double>?

    /// Runs the demo until the person quits, the input ends, or SIGINT or SIGTERM arrives.
    ///
    /// - Returns: the status for the signal that ended it (130 or 143), `nil` when it ended
    ///   otherwise.
    /// - Throws: `TerminalError` when `input` is not a terminal that can be put in raw mode.
    @discardableResult
    func run() async throws(TerminalError) -> ExitCode? {
        let terminal = try TerminalSession(input: input, output: output)
        let engine = HapticEngine(driver: driver)
        let (signals, signalSink) = AsyncStream.makeStream(of: DemoInput.self)
        let trap = SignalTrap { signalSink.yield(.quit) }
        engine.prepare()
        let keys = KeyReader(descriptor: input)
        var model = DemoModel(feedback: RefreshFeedback(engine, configuration: configuration), flashes: flashes, now: WallClockTime.current)
        await loop(&model, inputs: keys.inputs, signals: signals) { state in
            let size = terminal.size
            terminal.show(DemoScreen(columns: size.columns, rows: size.rows).lines(for: state))
        }
        await keys.close()
        await engine.close()
        terminal.restore()
        trap.release()
        return trap.exitCode
    }

    /// Feeds the model every input and driver line, runs the timers it asks for on the real
    /// clock, and draws after each event, until it is finished. The end of `inputs` quits;
    /// `signals` are inputs too (a signal's quit).
    private func loop(
        _ model: inout DemoModel, inputs: AsyncStream<DemoInput>, signals: AsyncStream<DemoInput>, draw: (DemoState) -> Void
    ) async {
        let (events, sink) = AsyncStream.makeStream(of: DemoModel.Event.self)
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await input in inputs { sink.yield(.input(input)) }
                sink.yield(.input(.quit))
            }
            group.addTask {
                for await input in signals { sink.yield(.input(input)) }
            }
            group.addTask {
                for await line in driverLines { sink.yield(.driverLine(line)) }
            }
            if let triggerPulls {
                group.addTask {
                    var gesture = TriggerGesture()
                    for await pull in triggerPulls {
                        if let input = gesture.input(for: pull) { sink.yield(.input(input)) }
                    }
                }
            }
            draw(model.state)
            for await event in events {
                for case .schedule(let later, let delay) in model.handle(event) {
                    group.addTask {
                        do {
                            try await Task.sleep(for: delay)
                        } catch {
                            return
                        }
                        sink.yield(later)
                    }
                }
                draw(model.state)
                if model.isFinished { break }
            }
            group.cancelAll()
        }
    }
}
