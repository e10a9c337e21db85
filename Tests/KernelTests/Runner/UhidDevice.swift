import CKernelTestSupport
import Glibc
import Synchronization
import VirtualDevices

/// A HID device made with uhid, for the kernel's own HID drivers to bind to. Its device side
/// runs on its own thread from before the device exists, since the kernel probes it
/// asynchronously and a driver's probe blocks on the feature reports it asks for. It answers
/// those with `featureReport`, acknowledges SET_REPORT, records every output report with a
/// monotonic timestamp and hands it to `outputReport`, which may answer with input reports
/// (`input(_:)`), as a pad that is asked over its interrupt channel does. Every report a
/// SET_REPORT carries (a feature report, for the pads that take commands so) is recorded too
/// and handed to `reportSet` before the request is acknowledged.
final class UhidDevice: Sendable {
    /// What the device says it is.
    struct Identity: Sendable {
        /// The product name, which the input devices take.
        let name: String
        /// Where it is plugged in; unique per device, as it is how its sysfs entries are found.
        let phys: String
        /// Its serial number or address (a driver may replace it).
        let uniq: String
        /// `BUS_USB` or `BUS_BLUETOOTH`: drivers match on it.
        let bus: Int32
        /// The USB vendor id.
        let vendor: UInt32
        /// The USB product id.
        let product: UInt32
        /// The device's release number.
        let version: UInt32
        /// The HID report descriptor.
        let descriptor: [UInt8]
    }

    /// One output report and when the device side read it.
    struct Output: Sendable {
        /// When the device side read it, on the monotonic clock.
        let at: Duration
        /// The report as the driver wrote it, its report id first.
        let bytes: [UInt8]
    }

    /// Offsets in `struct uhid_event`, taken from the kernel header as imported: the event is
    /// packed, so its union starts right after the 32-bit type; the requests are packed too.
    private enum Layout {
        /// The whole event, as the kernel reads and writes it.
        static let size = MemoryLayout<uhid_event>.size
        /// Where the union of requests starts.
        static let payload = MemoryLayout<UInt32>.size

        /// Where a request's field is in the event.
        static func offset<Request>(_ field: PartialKeyPath<Request>) -> Int {
            guard let offset = MemoryLayout<Request>.offset(of: field) else { preconditionFailure("no stored field \(field)") }
            return payload + offset
        }
    }

    let identity: Identity
    private let fd: Int32
    private let featureReport: @Sendable (UInt8) -> [UInt8]?
    private let outputReport: @Sendable (UhidDevice, [UInt8]) -> Void
    private let reportSet: @Sendable ([UInt8]) -> Void
    private let outputLog = Mutex<[Output]>([])
    private let setReportLog = Mutex<[Output]>([])
    private let requestLog = Mutex<[UInt8]>([])
    private let running = Atomic<Bool>(true)
    private let stopped = Atomic<Bool>(false)
    private let opened = Atomic<Bool>(false)

    /// Creates the device. `featureReport` gives the reply to a GET_REPORT of a feature
    /// report, its report id first and exactly as long as the report, or nil to refuse it;
    /// `outputReport` hears every output report (its report id first) once it is recorded;
    /// `reportSet` every report a SET_REPORT carries (its report number first), once recorded.
    init(
        _ identity: Identity, featureReport: @escaping @Sendable (UInt8) -> [UInt8]?,
        outputReport: @escaping @Sendable (UhidDevice, [UInt8]) -> Void = { _, _ in },
        reportSet: @escaping @Sendable ([UInt8]) -> Void = { _ in }
    ) throws {
        let fd = Glibc.open("/dev/uhid", O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw TestFailure(description: "open /dev/uhid: \(String(cString: strerror(errno)))") }
        self.fd = fd
        self.identity = identity
        self.featureReport = featureReport
        self.outputReport = outputReport
        self.reportSet = reportSet
        try BackgroundThread.start { [self] in serve() }
        var event = Self.event(UHID_CREATE2)
        Self.put(identity.name, into: &event, at: Layout.offset(\uhid_create2_req.name), capacity: 128)
        Self.put(identity.phys, into: &event, at: Layout.offset(\uhid_create2_req.phys), capacity: 64)
        Self.put(identity.uniq, into: &event, at: Layout.offset(\uhid_create2_req.uniq), capacity: 64)
        Self.put(UInt16(identity.descriptor.count), into: &event, at: Layout.offset(\uhid_create2_req.rd_size))
        Self.put(UInt16(identity.bus), into: &event, at: Layout.offset(\uhid_create2_req.bus))
        Self.put(identity.vendor, into: &event, at: Layout.offset(\uhid_create2_req.vendor))
        Self.put(identity.product, into: &event, at: Layout.offset(\uhid_create2_req.product))
        Self.put(identity.version, into: &event, at: Layout.offset(\uhid_create2_req.version))
        let descriptorAt = Layout.offset(\uhid_create2_req.rd_data)
        event.replaceSubrange(descriptorAt..<descriptorAt + identity.descriptor.count, with: identity.descriptor)
        do {
            try send(event)
        } catch {
            _ = stopServing()
            close(fd)
            throw error
        }
    }

    /// Every output report received so far.
    var outputs: [Output] { outputLog.withLock { $0 } }

    /// Every report a SET_REPORT carried so far, its report number first, in order.
    var setReports: [Output] { setReportLog.withLock { $0 } }

    /// The feature report ids the kernel asked for, in order.
    var featureRequests: [UInt8] { requestLog.withLock { $0 } }

    /// Whether a driver has the device open (between UHID_OPEN and UHID_CLOSE).
    var isOpen: Bool { opened.load(ordering: .sequentiallyConsistent) }

    /// Creates the device and waits for a kernel driver to bind it (see `waitForBinding`),
    /// unplugging it again when none does.
    static func bound(
        _ identity: Identity,
        featureReport: @escaping @Sendable (UInt8) -> [UInt8]?,
        outputReport: @escaping @Sendable (UhidDevice, [UInt8]) -> Void = { _, _ in }
    ) throws -> (device: UhidDevice, node: String, driver: String) {
        let device = try UhidDevice(identity, featureReport: featureReport, outputReport: outputReport)
        do {
            let (node, driver) = try device.waitForBinding()
            return (device, node, driver)
        } catch {
            device.destroy()
            throw error
        }
    }

    /// Waits for a driver to bind the device and register an input device with force
    /// feedback, and returns its event node and the driver's name; when none does within
    /// `timeout`, fails with the kernel log's last lines. It then waits (at most 1 s) for the
    /// device's hidraw node, which the kernel may make just after the input device, so a
    /// program started next finds the pad whole.
    func waitForBinding(upTo timeout: Duration = .seconds(5)) throws -> (node: String, driver: String) {
        var binding: (node: String, driver: String)?
        _ = Monotonic.wait(upTo: timeout) {
            binding = findBinding()
            return binding != nil
        }
        if let binding {
            _ = try? HidrawNode.of(binding.node, upTo: .seconds(1))
            return binding
        }
        throw TestFailure(
            description: "no driver bound \(identity.name) (\(identity.phys)) with a force-feedback input device "
                + "within \(timeout); feature reports asked for: \(featureRequests); kernel log:\n\(KernelLog.tail())")
    }

    /// Sends an input report, its report id first, as the device would over its interrupt
    /// channel; the kernel hands it to the driver before this returns.
    func input(_ report: [UInt8]) throws {
        var event = Self.event(UHID_INPUT2)
        Self.put(UInt16(report.count), into: &event, at: Layout.offset(\uhid_input2_req.size))
        let dataAt = Layout.offset(\uhid_input2_req.data)
        event.replaceSubrange(dataAt..<dataAt + report.count, with: report)
        try send(event)
    }

    /// Unplugs the device: stops answering and destroys it.
    func destroy() {
        guard stopServing() else { return }
        try? send(Self.event(UHID_DESTROY))  // synchronous: the driver has let go when it returns
        close(fd)
    }

    // MARK: - Serving

    /// Stops the device side's thread; false when it was already stopped.
    private func stopServing() -> Bool {
        guard running.exchange(false, ordering: .sequentiallyConsistent) else { return false }
        _ = Monotonic.wait { stopped.load(ordering: .sequentiallyConsistent) }
        return true
    }

    /// The device side: reads the kernel's events as they come, until `destroy()`. It runs
    /// under the real-time scheduler (the VM's test program is root), as a pad's own
    /// controller runs apart from the host: a report is read, and stamped, when the driver
    /// writes it, not when the guest's scheduler next gets round to this thread while a busy
    /// player runs (which would read several reports at once, and stamp them alike).
    private func serve() {
        var priority = sched_param(sched_priority: 10)
        _ = pthread_setschedparam(pthread_self(), SCHED_FIFO, &priority)
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var event = [UInt8](repeating: 0, count: Layout.size)
        while running.load(ordering: .sequentiallyConsistent) {
            guard poll(&descriptor, 1, 20) > 0 else { continue }
            while event.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {
                handle(event)
            }
        }
        stopped.store(true, ordering: .sequentiallyConsistent)
    }

    /// Answers one event from the kernel, or records it.
    private func handle(_ event: [UInt8]) {
        let at = Monotonic.now
        switch uhid_event_type(rawValue: Self.value(UInt32.self, in: event, at: 0)) {
        case UHID_GET_REPORT:
            let id = Self.value(UInt32.self, in: event, at: Layout.offset(\uhid_get_report_req.id))
            let number = event[Layout.offset(\uhid_get_report_req.rnum)]
            let type = event[Layout.offset(\uhid_get_report_req.rtype)]
            requestLog.withLock { $0.append(number) }
            let data = type == UInt8(UHID_FEATURE_REPORT.rawValue) ? featureReport(number) : nil
            var reply = Self.event(UHID_GET_REPORT_REPLY)
            Self.put(id, into: &reply, at: Layout.offset(\uhid_get_report_reply_req.id))
            Self.put(UInt16(data == nil ? EIO : 0), into: &reply, at: Layout.offset(\uhid_get_report_reply_req.err))
            if let data {
                // The kernel takes the reply's length as the transfer's: drivers check it.
                Self.put(UInt16(data.count), into: &reply, at: Layout.offset(\uhid_get_report_reply_req.size))
                let dataAt = Layout.offset(\uhid_get_report_reply_req.data)
                reply.replaceSubrange(dataAt..<dataAt + data.count, with: data)
            }
            try? send(reply)
        case UHID_SET_REPORT:
            let size = Int(Self.value(UInt16.self, in: event, at: Layout.offset(\uhid_set_report_req.size)))
            let dataAt = Layout.offset(\uhid_set_report_req.data)
            let bytes = Array(event[dataAt..<dataAt + min(size, Int(UHID_DATA_MAX))])
            setReportLog.withLock { $0.append(Output(at: at, bytes: bytes)) }
            reportSet(bytes)
            var reply = Self.event(UHID_SET_REPORT_REPLY)
            let id = Self.value(UInt32.self, in: event, at: Layout.offset(\uhid_set_report_req.id))
            Self.put(id, into: &reply, at: Layout.offset(\uhid_set_report_reply_req.id))
            try? send(reply)
        case UHID_OUTPUT:
            let size = Int(Self.value(UInt16.self, in: event, at: Layout.offset(\uhid_output_req.size)))
            let dataAt = Layout.offset(\uhid_output_req.data)
            let bytes = Array(event[dataAt..<dataAt + min(size, Int(UHID_DATA_MAX))])
            outputLog.withLock { $0.append(Output(at: at, bytes: bytes)) }
            outputReport(self, bytes)
        case UHID_OPEN:
            opened.store(true, ordering: .sequentiallyConsistent)
        case UHID_CLOSE:
            opened.store(false, ordering: .sequentiallyConsistent)
        default:
            break  // UHID_START and UHID_STOP need no answer
        }
    }

    /// Writes one event to the kernel.
    private func send(_ event: [UInt8]) throws {
        let written = event.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == event.count else {
            throw TestFailure(description: "writing a uhid event: \(String(cString: strerror(errno)))")
        }
    }

    // MARK: - Finding the driver's input device

    /// The event node and driver, once the HID device with our `phys` has a driver and an
    /// input device with force feedback whose event node exists.
    private func findBinding() -> (node: String, driver: String)? {
        let root = "/sys/bus/hid/devices"
        for entry in Self.entries(of: root) {
            let directory = "\(root)/\(entry)"
            let properties = Self.text(of: "\(directory)/uevent").split(separator: "\n")
            guard properties.contains(Substring("HID_PHYS=\(identity.phys)")),
                let driver = properties.first(where: { $0.hasPrefix("DRIVER=") })?.dropFirst(7)
            else { continue }
            for input in Self.entries(of: "\(directory)/input") where input.hasPrefix("input") {
                // The bitmap is hex words: any digit other than 0 means some effect.
                let effects = Self.text(of: "\(directory)/input/\(input)/capabilities/ff")
                guard effects.contains(where: { $0.isHexDigit && $0 != "0" }),
                    let event = Self.entries(of: "\(directory)/input/\(input)").first(where: { $0.hasPrefix("event") }),
                    access("/dev/input/\(event)", F_OK) == 0
                else { continue }
                return ("/dev/input/\(event)", String(driver))
            }
        }
        return nil
    }

    /// The names of every input device the bound driver made for this HID device, sorted (a
    /// gamepad, its touchpad, its motion sensors, ...).
    func inputDeviceNames() -> [String] {
        let root = "/sys/bus/hid/devices"
        for entry in Self.entries(of: root) {
            let directory = "\(root)/\(entry)"
            guard Self.text(of: "\(directory)/uevent").split(separator: "\n").contains(Substring("HID_PHYS=\(identity.phys)")) else {
                continue
            }
            return Self.entries(of: "\(directory)/input").filter { $0.hasPrefix("input") }
                .map { String(Self.text(of: "\(directory)/input/\($0)/name").prefix { $0 != "\n" }) }.sorted()
        }
        return []
    }

    /// The names in a directory, or none when it cannot be read.
    static func entries(of directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names.filter { $0 != "." && $0 != ".." }
    }

    /// A small file's text (sysfs attributes), or "" when it cannot be read.
    static func text(of path: String) -> String {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let length = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return String(decoding: buffer.prefix(max(length, 0)), as: UTF8.self)
    }

    // MARK: - Event bytes

    /// A zeroed event of `type`.
    private static func event(_ type: uhid_event_type) -> [UInt8] {
        var event = [UInt8](repeating: 0, count: Layout.size)
        put(type.rawValue, into: &event, at: 0)
        return event
    }

    /// `value`'s bytes, little-endian: how uhid events and the pads' reports hold numbers.
    static func bytes<Value: FixedWidthInteger>(littleEndian value: Value) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian, Array.init)
    }

    /// A Bluetooth address as Linux prints it (`%pMR`): the little-endian bytes, last first.
    static func address(_ bytes: [UInt8]) -> String {
        bytes.reversed().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: ":")
    }

    /// Stores `value` little-endian at `offset`.
    private static func put<Value: FixedWidthInteger>(_ value: Value, into event: inout [UInt8], at offset: Int) {
        event.replaceSubrange(offset..<offset + MemoryLayout<Value>.size, with: bytes(littleEndian: value))
    }

    /// Stores `text` NUL-terminated, cut to fit.
    private static func put(_ text: String, into event: inout [UInt8], at offset: Int, capacity: Int) {
        let bytes = Array(text.utf8.prefix(capacity - 1))
        event.replaceSubrange(offset..<offset + bytes.count, with: bytes)
    }

    /// Reads a little-endian `Value` at `offset`.
    private static func value<Value: FixedWidthInteger>(_ type: Value.Type, in event: [UInt8], at offset: Int) -> Value {
        event[offset..<offset + MemoryLayout<Value>.size].reversed().reduce(0) { $0 << 8 | Value($1) }
    }
}
