import Glibc
import Haptics
import HapticsTesting

/// The measurements of `make bench`, each returning its figures.
enum Benchmarks {
    /// |actual driver call − deadline| over `frames` frames at a 10 ms step on `clock`,
    /// measured from the first frame (sent synchronously by `play`), optionally with the
    /// other core kept busy.
    static func scheduleError<C: Clock>(clock: C, frames: Int, busy: Bool) async -> Distribution where C.Duration == Duration {
        let pattern = HapticPattern(
            events: (0..<frames).map {
                HapticEvent(time: Double($0) / 100, kind: .continuous(duration: 0.01), intensity: $0 % 2 == 0 ? 1 : 0.6)
            })
        let track = Renderer().render(pattern)
        let driver = TimestampingDriver(capacity: frames + 2)
        let engine = HapticEngine(driver: driver, clock: clock)
        let spinner = busy ? BusyCore() : nil
        _ = await engine.play(track).finished()
        spinner?.stop()
        let stamps = driver.stamps
        guard let first = stamps.first else { return Distribution([]) }
        return Distribution(
            stamps.dropFirst().map { stamp in
                let due = Int64((stamp.start - first.start).inMilliseconds * 1_000_000)
                return abs(stamp.writtenAt - first.writtenAt - due)
            })
    }

    /// From `impact()` to the driver's write, after `prepare()`, over `count` impacts each
    /// from silence.
    static func impactLatency(count: Int) -> Distribution {
        let driver = TimestampingDriver(capacity: count + 1)
        let engine = HapticEngine(driver: driver, clock: PrecisionClock())
        engine.prepare()
        var latencies: [Int64] = []
        latencies.reserveCapacity(count)
        for index in 0..<count {
            let before = Monotonic.nanoseconds
            engine.impact(.light)
            let written = driver.stamps[index].writtenAt
            latencies.append(written - before)
            engine.stop()
            usleep(500)
        }
        return Distribution(latencies)
    }

    /// Steps rendered per second for the pattern in `file`, and how many steps it has.
    static func renderRate(file: String) throws -> (stepsPerSecond: Double, steps: Int) {
        let pattern = try PatternFile.load(contentsOf: file).pattern
        let renderer = Renderer()
        let steps = Int((renderer.render(pattern).duration.inMilliseconds / 10).rounded())
        var iterations = 0
        let start = Monotonic.nanoseconds
        var elapsed: Int64 = 0
        while elapsed < 1_000_000_000 {
            _ = renderer.render(pattern)
            iterations += 1
            elapsed = Monotonic.nanoseconds - start
        }
        return (Double(steps * iterations) / (Double(elapsed) / 1e9), steps)
    }

    /// The median time to load a synthetic AHAP file of about `bytes` bytes, and its size.
    static func loadTime(bytes: Int) throws -> (milliseconds: Double, size: Int) {
        var text = "{\"Version\": 1.0, \"Pattern\": [\n"
        var index = 0
        while text.utf8.count < bytes {
            text +=
                "  {\"Event\": {\"Time\": \(Double(index) / 100), \"EventType\": \"HapticContinuous\", \"EventDuration\": 0.01, "
                + "\"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 0.\(index % 10)}, "
                + "{\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": 0.5}]}},\n"
            index += 1
        }
        text += "  {\"Parameter\": {\"ParameterID\": \"HapticIntensityControl\", \"Time\": 0, \"ParameterValue\": 1}}\n]}\n"
        let path = "/tmp/haptics-bench-\(getpid()).ahap"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = text.utf8.withContiguousStorageIfAvailable { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        defer { unlink(path) }
        var times: [Int64] = []
        for _ in 0..<7 {
            let start = Monotonic.nanoseconds
            _ = try PatternFile.load(contentsOf: path)
            times.append(Monotonic.nanoseconds - start)
        }
        return (Double(Distribution(times).p50) / 1e6, text.utf8.count)
    }

    /// Context switches of every thread but the caller, and the process's CPU time, over
    /// `seconds`, with an engine on `clock` open (after one impact) and nothing playing; or,
    /// with `clock` nil, with no engine at all: the Swift runtime's own baseline (libdispatch's
    /// worker monitor wakes once a second in any process that has run a task).
    static func idleCost<C: Clock>(clock: C?, seconds: Int, settle: UInt32) async -> (wakeUps: Int, cpuMilliseconds: Double)
    where C.Duration == Duration {
        let engine = clock.map { HapticEngine(driver: TimestampingDriver(capacity: 4), clock: $0) }
        if let engine {
            engine.prepare()
            _ = await engine.play(.impact(.light)).finished()
        }
        // Let idle worker threads of the runtime time out and end first (libdispatch parks a
        // worker for 5 s, so `settle` should be 6 s), so only the steady state is measured.
        sleep(settle)
        let switches = ProcessStatus.contextSwitchesOfOtherThreads()
        let cpu = ProcessStatus.cpuNanoseconds
        sleep(UInt32(seconds))
        let wakeUps = ProcessStatus.wakeUps(from: switches, to: ProcessStatus.contextSwitchesOfOtherThreads())
        let cpuMilliseconds = Double(ProcessStatus.cpuNanoseconds - cpu) / 1e6
        withExtendedLifetime(engine) {}
        return (wakeUps, cpuMilliseconds)
    }

    /// Peak resident memory (KiB) after looping `preset` for `hours` of simulated time on a
    /// manual clock, and how many frames went out.
    static func simulatedLoop(_ preset: Preset, hours: Int) async -> (peakKiB: Int, frames: Int) {
        let clock = ManualClock()
        let driver = CountingDriver()
        let engine = HapticEngine(driver: driver, clock: clock)
        let handle = engine.play(preset, repetition: .forever)
        for _ in 0..<(hours * 3600) {
            await clock.advance(by: .seconds(1))
        }
        handle.stop()
        return (ProcessStatus.memory.peak, driver.count)
    }

    /// Peak resident memory (KiB) after firing `count` impacts as fast as possible, and how
    /// long that took (ms).
    static func impactFlood(count: Int) async -> (peakKiB: Int, milliseconds: Double) {
        let engine = HapticEngine(driver: CountingDriver(), clock: PrecisionClock())
        let start = Monotonic.nanoseconds
        for _ in 0..<count { engine.impact(.light) }
        let elapsed = Double(Monotonic.nanoseconds - start) / 1e6
        usleep(100_000)
        engine.stop()
        return (ProcessStatus.memory.peak, elapsed)
    }
}
