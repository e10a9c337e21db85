import HapticsCommandLine
import HapticsModel
import HapticsPlayback
import PullToRefresh
import Synchronization

/// The interactive pull-to-refresh demo on a terminal, in real time: keys from `input`, the
/// screen on `output`, impacts on `driver`.
///
/// It takes the terminal over (`TerminalSession`) and gives it back on every way out: quitting,
/// the end of input, and SIGINT or SIGTERM (through `SignalTrap`, which asks it to quit). Inputs reach
/// the `DemoModel` as `DemoInput`s through a `DemoStorage`, so another source can feed it beside the keys.
///
/// Act before drawing: every event is handled where it arrives (a trigger's pull on the
/// reader's own thread, as it is read), its impact played there, and the screen is redrawn
/// after, on the demo's task.
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
    /// A gamepad trigger pulling the list, beside the keys; `nil` for keys only.
    var trigger: (any PullSource)?

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
        let storage = DemoStorage(
            DemoModel(configuration: configuration, flashes: flashes, now: WallClockTime.current),
            playingOn: RefreshFeedback(engine, configuration: configuration))
        await loop(storage, inputs: keys.inputs, signals: signals) { state in
            let size = terminal.size
            terminal.show(DemoScreen(columns: size.columns, rows: size.rows).lines(for: state))
        }
        await keys.close()
        await engine.close()
        terminal.restore()
        trap.release()
        return trap.exitCode
    }

    /// Feeds `storage` every input and driver line, runs the timers its events start on the
    /// real clock, and draws after each event, until it is finished. The trigger's pulls are
    /// handled on its reader's thread, the others on tasks of the group. The end of `inputs`
    /// quits; `signals` are inputs too (a signal's quit).
    private func loop(
        _ storage: DemoStorage, inputs: AsyncStream<DemoInput>, signals: AsyncStream<DemoInput>, draw: (DemoState) -> Void
    ) async {
        if let trigger {
            let gesture = Mutex(TriggerGesture())
            trigger.start { pull in
                if let input = gesture.withLock({ $0.input(for: pull) }) { storage.handle(.input(input)) }
            }
        }
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await input in inputs { storage.handle(.input(input)) }
                storage.handle(.input(.quit))
            }
            group.addTask {
                for await input in signals { storage.handle(.input(input)) }
            }
            group.addTask {
                for await line in driverLines { storage.handle(.driverLine(line)) }
            }
            draw(storage.snapshot.state)
            for await timers in storage.updates {
                for timer in timers {
                    group.addTask {
                        do {
                            try await Task.sleep(for: timer.delay)
                        } catch {
                            return
                        }
                        storage.handle(timer.event)
                    }
                }
                let (state, isFinished) = storage.snapshot
                draw(state)
                if isFinished { break }
            }
            group.cancelAll()
        }
    }
}
