import Haptics
import HapticsTesting
import Synchronization
import Testing

/// A recording driver whose pad can be pulled out: while it is, `prepare` and `apply` throw
/// `ENODEV` as a `DeviceAbsence`, and nothing is recorded.
final class UnpluggableDriver: HapticDriver {
    /// What the driver throws while the pad is out, as the evdev and hidraw drivers do.
    struct NoDevice: Error, DeviceAbsence {
        let errno: Int32 = 19
        var meansNoDeviceYet: Bool { true }
    }

    let recorder = RecordingDriver()
    private let out = Mutex(false)

    /// Pulls the pad out (`true`) or plugs it back in.
    func setUnplugged(_ unplugged: Bool) {
        out.withLock { $0 = unplugged }
    }

    func prepare() throws {
        if out.withLock({ $0 }) { throw NoDevice() }
        recorder.prepare()
    }

    func apply(_ frame: RumbleFrame) throws {
        if out.withLock({ $0 }) { throw NoDevice() }
        recorder.apply(frame)
    }

    func stop() { recorder.stop() }
    func close() { recorder.close() }
}

/// What the handlers and players of a test heard, in order.
final class LifecycleLog: Sendable {
    private let lines = Mutex<[String]>([])

    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

@Suite struct HapticEngineLifecycleTests {
    /// An engine on `clock` driving `driver`, whose handlers note what they hear in `log`.
    private static func engine(driver: UnpluggableDriver, clock: ManualClock, log: LifecycleLog) -> HapticEngine {
        let engine = HapticEngine(driver: driver, clock: clock)
        engine.stoppedHandler = { reason in log.add("stopped \(reason.name)") }
        engine.resetHandler = { log.add("reset") }
        return engine
    }

    @Test func aPadPulledOutStopsTheEngineOnceAndTellsThePlayersWhy() async {
        let clock = ManualClock()
        let driver = UnpluggableDriver()
        let log = LifecycleLog()
        let engine = Self.engine(driver: driver, clock: clock, log: log)
        let looping = engine.play(Preset.notification(.warning), repetition: .forever)
        await clock.advance(by: .milliseconds(100))
        driver.setUnplugged(true)
        await clock.advance(by: .seconds(1))
        guard case .failed(let error)? = await looping.finished() else {
            Issue.record("the loop did not fail")
            return
        }
        guard case .deviceWentAway = EngineStopReason(driverError: error) else {
            Issue.record("\(error) does not say that the pad went away")
            return
        }
        let again = engine.impact(ImpactStyle.heavy)
        guard case .failed? = await again.finished() else {
            Issue.record("an impact without a pad did not fail")
            return
        }
        #expect(log.all == ["stopped device-went-away"])
        #expect(driver.recorder.entries.last == .stop)
    }

    @Test func thePadBackResetsTheEngineBeforeItPlaysAgain() async {
        let clock = ManualClock()
        let driver = UnpluggableDriver()
        let log = LifecycleLog()
        let engine = Self.engine(driver: driver, clock: clock, log: log)
        driver.setUnplugged(true)
        _ = await engine.impact(ImpactStyle.medium).finished()
        engine.prepare()
        #expect(log.all == ["stopped device-went-away"])
        driver.setUnplugged(false)
        let framesBefore = driver.recorder.frames.count
        let replayed = Mutex<PlaybackHandle?>(nil)
        engine.resetHandler = { [weak engine] in
            log.add("reset")
            replayed.withLock { $0 = engine?.impact(ImpactStyle.light) }
        }
        engine.prepare()
        await clock.advance(by: .seconds(1))
        #expect(log.all == ["stopped device-went-away", "reset"])
        #expect(await replayed.withLock({ $0 })?.finished() == .completed)
        #expect(driver.recorder.frames.count > framesBefore)
    }

    @Test func stoppingTheEngineTellsTheHandlerAfterThePlayers() async {
        let clock = ManualClock()
        let driver = UnpluggableDriver()
        let log = LifecycleLog()
        let engine = Self.engine(driver: driver, clock: clock, log: log)
        let playing = engine.play(Preset.notification(.success), repetition: .forever)
        playing.whenFinished { outcome in log.add("player \(outcome == .stopped ? "stopped" : "other")") }
        await clock.advance(by: .milliseconds(50))
        engine.stop()
        #expect(log.all == ["player stopped", "stopped stopped-by-application"])
        await engine.close()
        #expect(log.all == ["player stopped", "stopped stopped-by-application", "stopped stopped-by-application"])
    }

    @Test func aDriverFailingOtherwiseIsASystemErrorWithItsError() async {
        struct Broken: Error {}
        let log = LifecycleLog()
        let engine = HapticEngine(driver: FailingDriver(error: Broken()), clock: ManualClock())
        engine.stoppedHandler = { reason in
            if case .systemError(let error) = reason, error is Broken { log.add("system error") }
        }
        _ = await engine.impact(ImpactStyle.medium).finished()
        #expect(log.all == ["system error"])
    }
}
