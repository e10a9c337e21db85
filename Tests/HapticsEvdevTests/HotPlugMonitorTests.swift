import Glibc
import Testing

@testable import HapticsEvdev

@Suite struct HotPlugMonitorTests {
    private func record(mask: UInt32, name: String) -> [UInt8] {
        var bytes: [UInt8] = []
        let padded = (name.utf8.count / 16 + 1) * 16
        for value in [UInt32(1), mask, 0, UInt32(padded)] { withUnsafeBytes(of: value) { bytes += $0 } }
        bytes += Array(name.utf8) + [UInt8](repeating: 0, count: padded - name.utf8.count)
        return bytes
    }

    @Test func readsCreationsAttributeChangesAndDeletionsOfEventNodes() {
        let bytes =
            record(mask: UInt32(IN_CREATE), name: "event7") + record(mask: UInt32(IN_ATTRIB), name: "event7")
            + record(mask: UInt32(IN_CREATE), name: "js0") + record(mask: UInt32(IN_DELETE), name: "event3")
        let changes = bytes.withUnsafeBytes { HotPlugMonitor.parse($0, directory: "/dev/input") }
        #expect(changes == [.appeared("/dev/input/event7"), .appeared("/dev/input/event7"), .disappeared("/dev/input/event3")])
    }

    @Test func anotherDirectoryReportsTheNodesItsFilterAccepts() {
        let bytes =
            record(mask: UInt32(IN_CREATE), name: "pcmC1D0p") + record(mask: UInt32(IN_CREATE), name: "controlC1")
            + record(mask: UInt32(IN_ATTRIB), name: "pcmC1D0p") + record(mask: UInt32(IN_DELETE), name: "pcmC1D0p")
        let changes = bytes.withUnsafeBytes {
            HotPlugMonitor.parse($0, directory: "/dev/snd") { $0.hasPrefix("pcmC") && $0.hasSuffix("p") }
        }
        #expect(changes == [.appeared("/dev/snd/pcmC1D0p"), .appeared("/dev/snd/pcmC1D0p"), .disappeared("/dev/snd/pcmC1D0p")])
    }
}
