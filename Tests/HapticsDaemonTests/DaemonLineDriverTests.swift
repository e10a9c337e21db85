import Haptics
import Synchronization
import Testing

@testable import HapticsDaemon

@Suite struct DaemonLineDriverTests {
    @Test func timesAreWholeMillisecondsAndAStopComesOnlyAfterAFrame() {
        let lines = Mutex<[String]>([])
        let driver = DaemonLineDriver(format: .json) { line in lines.withLock { $0.append(line) } }
        driver.stop()
        driver.apply(RumbleFrame(start: .microseconds(4_360_321), duration: .microseconds(10_400), strong: 0.5, weak: 0))
        driver.stop()
        driver.stop()
        driver.close()
        #expect(lines.withLock { $0 } == [#"{"t_ms":4360,"duration_ms":11,"strong":0.5,"weak":0}"#, #"{"stop":true}"#])
    }
}
