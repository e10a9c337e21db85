import HapticsEvdev
import HapticsHidraw
import HapticsModel
import HapticsPlatform
import Testing

@Suite struct HidrawErrorTests {
    @Test func eachErrorIsOneLineOfFacts() {
        let errors: [(HidrawError, String)] = [
            (.noPad(selection: .name("pro")), "no pad the hidraw driver drives matches pro"),
            (.permissionDenied(node: "/dev/hidraw3", name: "DualSense"), "/dev/hidraw3 (DualSense): permission denied"),
            (
                .localityUnavailable(locality: .triggers, name: "Pro Controller", available: [.all, .handles]),
                "Pro Controller has no triggers; it can play at all, handles"
            ),
            (.noAdaptiveTriggers(name: "Pro Controller"), "Pro Controller has no adaptive triggers"),
            (.noHidrawNode(device: "/dev/input/event3", name: "DualSense"), "/dev/input/event3 (DualSense) has no hidraw node"),
        ]
        for (error, line) in errors {
            #expect(error.description == line)
            #expect(!error.description.contains("\n"))
        }
        #expect(HidrawError.noPad(selection: .auto).meansNoDeviceYet)
        #expect(!HidrawError.noAdaptiveTriggers(name: "").meansNoDeviceYet)
    }
}
