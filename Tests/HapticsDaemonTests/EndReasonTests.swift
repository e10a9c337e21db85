import HapticsModel
import Testing

@testable import HapticsDaemon

@Suite struct EndReasonTests {
    struct Gone: Error, DeviceAbsence {
        var meansNoDeviceYet: Bool { true }
    }

    struct Broken: Error {}

    /// Whatever stopped the engine under a feedback, the feedback ends as feedbackd ends one
    /// it did not play to its end: reason 2.
    @Test(arguments: [EngineStopReason(driverError: Gone()), .stoppedByApplication, EngineStopReason(driverError: Broken())])
    func anEngineStoppedUnderAFeedbackEndsItExplicitly(_ reason: EngineStopReason) {
        #expect(EndReason(reason) == .explicit)
        #expect(EndReason(reason).rawValue == 2)
    }

    @Test func aDriverErrorSaysWhetherThePadWentAway() {
        #expect(EngineStopReason(driverError: Gone()).name == "device-went-away")
        #expect(EngineStopReason(driverError: Broken()).name == "system-error")
    }
}
