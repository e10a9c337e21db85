import Haptics
import HapticsTesting
import Testing

/// The driver example of the Writing a driver article (Haptics.docc), word for word.
struct LogDriver: HapticDriver {
    func prepare() throws {}  // open the device, upload effects
    func apply(_ frame: RumbleFrame) throws {  // hold these levels for frame.duration
        print(frame.start, frame.scaledStrong, frame.scaledWeak)
    }
    func stop() throws {}  // motors off now
    func close() {}  // motors off, release the device
}

@Suite struct HapticDriverTests {
    @Test func theReadmeDriverPlaysAnImpactToTheEnd() async {
        let clock = ManualClock()
        let engine = HapticEngine(driver: LogDriver(), clock: clock)
        let handle = engine.impact(.heavy)
        await clock.run()
        #expect(handle.isFinished)
        #expect(await handle.finished() == .completed)
    }
}
