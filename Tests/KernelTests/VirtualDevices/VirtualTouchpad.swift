import CKernelTestSupport
import Glibc
import Synchronization

/// A haptic touchpad made with uinput: a pressure pad (`INPUT_PROP_PRESSUREPAD`) with
/// `FF_HAPTIC`, whose device side answers the kernel's upload and erase requests as a pad
/// listing `waveforms` does (any other waveform is refused with `EINVAL`, as the kernel's HID
/// haptic driver refuses it) and records, with a monotonic timestamp, everything it receives.
public final class VirtualTouchpad: Sendable {
    /// One thing the device received.
    public enum Record: Equatable, Sendable {
        /// An `FF_HAPTIC` effect uploaded (or updated in place): its waveform's HID usage and
        /// its intensity in percent, as the kernel handed them over; `accepted` false when the
        /// pad refused the waveform.
        case upload(id: Int16, usage: UInt16, intensity: UInt16, accepted: Bool)
        /// An effect erased.
        case erase(id: Int16)
        /// An effect started (`value` 1) or stopped (`value` 0).
        case play(id: UInt16, value: Int32)
    }

    /// `/dev/input/eventN`.
    public let node: String
    /// The name the device reports.
    public let name: String
    private let fd: Int32
    private let waveforms: Set<UInt16>
    private let log = Mutex<[(at: Duration, record: Record)]>([])
    private let running = Atomic<Bool>(true)
    private let stopped = Atomic<Bool>(false)

    /// Creates the pad, listing the HID Haptics usages `waveforms`, and starts answering.
    public init(name: String, waveforms: Set<UInt16>) throws {
        let fd = open("/dev/uinput", O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw VirtualDeviceError("open /dev/uinput: \(String(cString: strerror(errno)))") }
        func set(_ request: UInt, _ bit: Int32) throws {
            guard kt_set_bit(fd, request, bit) == 0 else {
                throw VirtualDeviceError("uinput set bit \(bit): \(String(cString: strerror(errno)))")
            }
        }
        try set(kt_ui_set_evbit(), EV_KEY)
        for key in [BTN_LEFT, BTN_TOUCH, BTN_TOOL_FINGER] { try set(kt_ui_set_keybit(), key) }
        try set(kt_ui_set_evbit(), EV_ABS)
        for axis in [ABS_X, ABS_Y, ABS_PRESSURE] {
            try set(kt_ui_set_absbit(), axis)
            var abs = uinput_abs_setup()
            abs.code = UInt16(axis)
            abs.absinfo.maximum = 1000
            guard kt_ui_abs_setup(fd, &abs) == 0 else { throw VirtualDeviceError("UI_ABS_SETUP failed") }
        }
        for property in [INPUT_PROP_POINTER, INPUT_PROP_BUTTONPAD, KT_INPUT_PROP_PRESSUREPAD] {
            try set(kt_ui_set_propbit(), property)
        }
        try set(kt_ui_set_evbit(), EV_FF)
        try set(kt_ui_set_ffbit(), KT_FF_HAPTIC)
        var setup = uinput_setup()
        setup.id.bustype = UInt16(BUS_VIRTUAL)
        setup.id.vendor = 0x1209
        setup.id.product = 0x4855
        setup.ff_effects_max = 1
        withUnsafeMutableBytes(of: &setup.name) { buffer in
            for (index, byte) in name.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        guard kt_ui_dev_setup(fd, &setup) == 0, kt_ui_dev_create(fd) == 0 else {
            throw VirtualDeviceError("creating the uinput device: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        self.name = name
        self.waveforms = waveforms
        guard let node = VirtualGamepad.eventNode(of: fd) else {
            _ = kt_ui_dev_destroy(fd)
            close(fd)
            throw VirtualDeviceError("no event node appeared for \(name)")
        }
        self.node = node
        do {
            try BackgroundThread.start { [self] in serve() }
        } catch {
            _ = kt_ui_dev_destroy(fd)
            close(fd)
            throw error
        }
    }

    /// Everything received so far.
    public var records: [Record] { log.withLock { $0.map(\.record) } }

    /// Everything received so far, with when the device side read it (monotonic clock).
    public var stampedRecords: [(at: Duration, record: Record)] { log.withLock { $0 } }

    /// Forgets what was received so far.
    public func reset() {
        log.withLock { $0.removeAll() }
    }

    /// Waits until a received record satisfies `condition`.
    public func wait(upTo timeout: Duration = .seconds(5), for condition: (Record) -> Bool) -> Bool {
        Monotonic.wait(upTo: timeout) { records.contains(where: condition) }
    }

    /// Unplugs the pad: stops answering and destroys it.
    public func destroy() {
        guard running.exchange(false, ordering: .sequentiallyConsistent) else { return }
        _ = Monotonic.wait { stopped.load(ordering: .sequentiallyConsistent) }
        _ = kt_ui_dev_destroy(fd)
        close(fd)
    }

    private func serve() {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while running.load(ordering: .sequentiallyConsistent) {
            guard poll(&descriptor, 1, 20) > 0 else { continue }
            var event = input_event()
            while withUnsafeMutableBytes(of: &event, { read(fd, $0.baseAddress, $0.count) }) == MemoryLayout<input_event>.size {
                handle(event)
            }
        }
        stopped.store(true, ordering: .sequentiallyConsistent)
    }

    private func handle(_ event: input_event) {
        let at = Monotonic.now
        switch (Int32(event.type), Int32(event.code)) {
        case (EV_UINPUT, UI_FF_UPLOAD):
            var upload = uinput_ff_upload()
            upload.request_id = UInt32(bitPattern: event.value)
            guard kt_ui_begin_ff_upload(fd, &upload) == 0 else { return }
            let haptic = kt_haptic(&upload.effect)
            let accepted = Int32(upload.effect.type) == KT_FF_HAPTIC && waveforms.contains(haptic.hid_usage)
            append(at, .upload(id: upload.effect.id, usage: haptic.hid_usage, intensity: haptic.intensity, accepted: accepted))
            upload.retval = accepted ? 0 : -EINVAL
            _ = kt_ui_end_ff_upload(fd, &upload)
        case (EV_UINPUT, UI_FF_ERASE):
            var erase = uinput_ff_erase()
            erase.request_id = UInt32(bitPattern: event.value)
            guard kt_ui_begin_ff_erase(fd, &erase) == 0 else { return }
            append(at, .erase(id: Int16(truncatingIfNeeded: erase.effect_id)))
            erase.retval = 0
            _ = kt_ui_end_ff_erase(fd, &erase)
        case (EV_FF, _):
            append(at, .play(id: event.code, value: event.value))
        default:
            break
        }
    }

    private func append(_ at: Duration, _ record: Record) {
        log.withLock { $0.append((at, record)) }
    }
}
