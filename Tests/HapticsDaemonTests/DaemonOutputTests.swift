import Haptics
import Testing

@testable import HapticsDaemon

@Suite struct DaemonOutputTests {
    @Test func theDaemonDrivesEveryDriverOfItsListAndListsTheirDevices() throws {
        let options = DaemonOptions(drivers: [.record, .stdout], device: .all, theme: nil, replace: false)
        let output = DaemonOutput(options, voiceCoils: VoiceCoilCards { _ in }, log: { _ in }, mailbox: try Mailbox())
        #expect((output.driver as? FanOutDriver)?.drivers.count == 2)
        #expect(output.devices().map(\.kind) == ["record", "text"])
        #expect(output.hotPlug == nil)
    }
}
