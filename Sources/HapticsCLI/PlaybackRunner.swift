import Haptics

/// Plays one track on the driver the options name, and waits for it to end.
struct PlaybackRunner: Sendable {
    let options: PlaybackOptions
    let console: Console

    /// Plays `track`, repeated as asked. `record` plays instantly on a manual clock and
    /// prints every frame as a JSON line; the others play in real time, and SIGINT or SIGTERM
    /// stops the motors and releases the device before the process exits.
    func play(_ track: RumbleTrack, repetition: Repetition = .once) async -> ExitCode {
        switch options.driver {
        case .record:
            return await record(track, repetition: repetition)
        case .auto, .stdout, .evdev:
            do {
                let driver = try options.driver.makeDriver(device: options.device, console: console, terminal: StdoutDriver(format: .text))
                return await playInRealTime(track, repetition: repetition, on: driver)
            } catch {
                console.err("Error: \(error)")
                return .failure
            }
        }
    }

    private func record(_ track: RumbleTrack, repetition: Repetition) async -> ExitCode {
        guard case .count(let count) = repetition else {
            console.err("Error: a loop that never ends cannot be recorded; give --loop a count")
            return .usage
        }
        let clock = ManualClock()
        let driver = RecordingDriver()
        let player = HapticPlayer(driver: driver, clock: clock)
        player.setGain(options.gain)
        let handle = player.play(track, repetition: repetition)
        clock.advance(by: track.duration * count + .seconds(1))
        _ = await handle.finished()
        for frame in driver.frames { console.out(FrameFormat.json.line(for: frame)) }
        return .success
    }

    private func playInRealTime(_ track: RumbleTrack, repetition: Repetition, on driver: any HapticDriver) async -> ExitCode {
        let player = HapticPlayer(driver: driver, clock: PrecisionClock())
        let trap = SignalTrap { player.close() }
        defer { trap.release() }
        player.setGain(options.gain)
        let outcome = await player.play(track, repetition: repetition).finished()
        player.close()
        if case .failed(let error) = outcome {
            console.err("Error: \(error)")
            return .failure
        }
        return .success
    }
}
