import HapticsAudio
import HapticsCommandLine
import HapticsHidraw
import HapticsModel
import HapticsPlayback
import HapticsRouting

/// Plays one request on an engine over the driver the options name, and waits for it to end.
struct PlaybackRunner: Sendable {
    let options: PlaybackOptions
    let console: Console

    /// Starts what `start` asks of the engine (an impact, a notification, a pattern...) at
    /// the options' gain, and waits for it to end (see `play(_:)`).
    func play(playsForever: Bool = false, _ start: @escaping @Sendable (any HapticFeedback) -> PlaybackHandle) async -> ExitCode {
        await play(FeedbackRequest(playsForever: playsForever, start))
    }

    /// Starts `request` on an engine at the options' gain, and waits for it to end. `record`
    /// plays instantly, the playback stepped to its end with no clock, and prints every frame
    /// as a JSON line, so it refuses a request that `playsForever`; the other drivers (one, or several through a
    /// `FanOutDriver`) play in real time, rendered for the gamepads' profile when evdev drives
    /// some (`PlaybackPad`), and SIGINT or SIGTERM stops the playback: the motors stop, the
    /// devices are released, and the status is 130 or 143.
    func play(_ request: some PlaybackRequest) async -> ExitCode {
        guard options.drivers != [.record] else {
            guard !request.playsForever else {
                console.err("Error: a loop that never ends cannot be recorded; give --loop a count")
                return .usage
            }
            return await record(request)
        }
        do {
            let driver = try DriverChoice.combined(options.drivers) { choice in
                try choice.makeDriver(
                    device: options.device, locality: options.locality, notice: { console.err("note: \($0)") },
                    terminal: StdoutDriver(format: .text, write: console.out))
            }
            return await playInRealTime(request, on: driver)
        } catch {
            console.err("Error: \(Advice.message(for: error))")
            return Self.isUsage(error) ? .usage : .failure
        }
    }

    private func record(_ request: some PlaybackRequest) async -> ExitCode {
        // Each frame printed as it is applied; nothing to close (closing would print a stop line).
        let engine = HapticEngine(
            instantDriver: RoutedDriver.playing(onLines: StdoutDriver(format: .json, write: console.out), at: options.locality))
        engine.setGain(options.gain)
        let playback = request.start(on: engine)
        engine.playToEnd()
        let outcome = await playback.finished()
        if case .failed(let error)? = outcome {
            console.err("Error: \(error)")
            return .failure
        }
        return .success
    }

    private func playInRealTime(_ request: some PlaybackRequest, on driver: any HapticDriver) async -> ExitCode {
        let engine = HapticEngine(driver: driver, settings: RenderSettings(pad: PlaybackPad.profile(of: driver)))
        let (signals, signalled) = AsyncStream.makeStream(of: Void.self)
        let trap = SignalTrap { signalled.yield() }
        defer { trap.release() }
        engine.setGain(options.gain)
        let playback = request.start(on: engine)
        let ending = await withTaskGroup(of: Ending.self) { group in
            group.addTask { .ended(await playback.finished()) }
            group.addTask {
                for await _ in signals { return .signalled }
                return .signalled
            }
            let first = await group.next() ?? .signalled
            group.cancelAll()
            return first
        }
        await engine.close()
        if let interrupted = trap.exitCode { return interrupted }
        if case .ended(.failed(let error)?) = ending {
            console.err("Error: \(Advice.message(for: error))")
            return .failure
        }
        return .success
    }

    /// Whether `error` is the command line's fault rather than the device's: a locality the
    /// pad lacks, or one the driver asked for cannot reach.
    static func isUsage(_ error: any Error) -> Bool {
        if case HidrawError.localityUnavailable = error { return true }
        if case AudioError.localityUnavailable = error { return true }
        return error is LocalityError
    }

    /// How the wait for a real-time playback ended: the playback's own end, or a signal.
    private enum Ending: Sendable {
        /// The playback ended, with this outcome (`nil` when the wait was cancelled).
        case ended(PlaybackOutcome?)
        /// SIGINT or SIGTERM arrived first.
        case signalled
    }
}
