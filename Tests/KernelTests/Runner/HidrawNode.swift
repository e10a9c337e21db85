import Glibc
import VirtualDevices

/// The hidraw node of the HID device behind an input device, found the way sysfs links them:
/// `/sys/class/input/eventN/device` is the input device, its `device` the HID device, whose
/// `hidraw/` directory names its `hidrawM` (devtmpfs makes `/dev/hidrawM`). Written for the
/// tests from the kernel's sysfs layout, apart from the library's own discovery.
enum HidrawNode {
    /// `/dev/hidrawM` of the HID device behind `eventNode` (`/dev/input/eventN`), once its
    /// device node exists; fails with what sysfs holds when none appears within `timeout`.
    static func of(_ eventNode: String, upTo timeout: Duration = .seconds(2)) throws -> String {
        let event = eventNode.split(separator: "/").last.map(String.init) ?? eventNode
        let directory = "/sys/class/input/\(event)/device/device/hidraw"
        var node: String?
        _ = Monotonic.wait(upTo: timeout) {
            node = UhidDevice.entries(of: directory).first { $0.hasPrefix("hidraw") }.map { "/dev/\($0)" }
            return node.map { access($0, F_OK) == 0 } ?? false
        }
        guard let node, access(node, F_OK) == 0 else {
            throw TestFailure(description: "no hidraw node for \(eventNode): \(directory) lists \(UhidDevice.entries(of: directory))")
        }
        return node
    }

    /// Writes one report (its report id first) to a hidraw node, as one `write`.
    static func write(_ report: [UInt8], to node: String) throws {
        let fd = open(node, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TestFailure(description: "open \(node): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let written = report.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == report.count else {
            throw TestFailure(description: "write \(node): \(written) of \(report.count) bytes, \(String(cString: strerror(errno)))")
        }
    }
}
