import HapticsHidraw
import HapticsModel
import HapticsPlayback
import Testing

@testable import HapticsRouting

@Suite struct TriggerReachTests {
    @Test func onlyHidrawDriversReachTriggersLookingIntoRoutedAndFannedOutDrivers() {
        let terminal = StdoutDriver(format: .text, write: { _ in })
        let hidraw = HidrawDriver(selection: .auto, directory: "/nonexistent")
        let other = HidrawDriver(selection: .auto, directory: "/nonexistent")
        #expect(TriggerReach.hidrawDrivers(in: terminal).isEmpty)
        #expect(TriggerReach.hidrawDrivers(in: RecordingDriver()).isEmpty)
        #expect(TriggerReach.hidrawDrivers(in: hidraw).map(ObjectIdentifier.init) == [ObjectIdentifier(hidraw)])
        let routed = RoutedDriver(
            FanOutDriver([terminal, hidraw, RoutedDriver(other, routing: HandleRouting(.leftHandle))]), routing: HandleRouting(.leftHandle))
        #expect(TriggerReach.hidrawDrivers(in: routed).map(ObjectIdentifier.init) == [ObjectIdentifier(hidraw), ObjectIdentifier(other)])
    }

    @Test func aDriverWithoutHidrawIsRefusedAndNothingIsSent() {
        let recorder = RecordingDriver()
        let terminal = StdoutDriver(format: .text, write: { _ in })
        #expect(throws: TriggerReachError.noHidraw) {
            try TriggerReach.set(.feedback(start: 0.2, strength: 1), on: .left, through: FanOutDriver([terminal, recorder]))
        }
        #expect(recorder.frames.isEmpty)
        #expect("\(TriggerReachError.noHidraw)".hasPrefix("the driver reaches no adaptive trigger"))
    }

    @Test func aHidrawDriverWithoutPadsSaysWhy() {
        let hidraw = HidrawDriver(selection: .auto, directory: "/nonexistent")
        #expect(throws: HidrawError.self) { try TriggerReach.set(.off, on: .right, through: hidraw) }
    }

    @Test func aPadWithoutAdaptiveTriggersIsNamedWithWhatItHas() {
        let error = TriggerReachError.noAdaptiveTriggers(name: "Pro Controller", parts: [.rightHandle, .leftHandle])
        #expect("\(error)" == "Pro Controller has no adaptive triggers (a DualSense has): it has rumble at left-handle, right-handle")
    }

    @Test func aPadWithTriggerMotorsIsNamedWithTheModesItPlays() {
        let error = TriggerReachError.triggerMotorsOnly(name: "Xbox Wireless Controller")
        #expect(
            "\(error)"
                == "Xbox Wireless Controller has trigger motors, not adaptive triggers: it plays vibration and positional-vibration "
                + "on them; the resistance modes need adaptive triggers (a DualSense has)")
    }
}
