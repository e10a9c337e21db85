import HapticsModel
import Testing

@testable import HapticsHidraw

/// The trigger status reader a driver opens, over recorded system calls.
@Suite struct TriggerStatusReaderTests {
    /// A USB input report 0x01 whose right trigger runs feedback with its load applied, its
    /// arm at stop 3 and the finger at 51 of 255.
    private let loaded: [UInt8] = {
        var bytes = [UInt8](repeating: 0, count: 64)
        bytes[0] = 0x01
        bytes[1 + 5] = 51
        bytes[1 + 41] = 0x13
        bytes[1 + 47] = 0x01
        return bytes
    }()

    @Test func theReaderHandsOnEachReportsStatusesAndPassesOverOthers() async throws {
        let fake = FakeHidraw()
        fake.queueInputs([[0x01, 0x80, 0x80], loaded])
        let driver = fake.driver([Pads.dualSense])
        let reader = try driver.triggerStatusReader()
        #expect(reader.pad.node == "/dev/hidraw3")
        let (statuses, sink) = AsyncStream.makeStream(of: [TriggerStatus].self)
        reader.start { left, right in sink.yield([left, right]) }
        var read: [[TriggerStatus]] = []
        for await pair in statuses {
            read.append(pair)
            break
        }
        #expect(read.count == 1)
        #expect(
            read.first?.last == TriggerStatus(state: .feedbackLoadApplied, armPosition: 3.0 / 9, position: 0.2, mode: .feedback))
        #expect(read.first?.first?.mode == .off)
        reader.close()
        driver.close()
    }

    @Test func aPadWithoutAdaptiveTriggersHasNoStatus() {
        let fake = FakeHidraw()
        #expect(throws: HidrawError.noAdaptiveTriggers(name: "Nintendo Switch Pro Controller")) {
            try fake.driver([Pads.switchPro]).triggerStatusReader()
        }
    }
}
