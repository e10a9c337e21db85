import CKernelTestSupport
import Glibc
import Synchronization

/// A force-feedback gamepad made with uinput. Its device side answers the kernel's upload and
/// erase requests and records, with a monotonic timestamp, everything the kernel hands it:
/// uploads, erases, plays and stops, gain changes.
public final class VirtualGamepad: Sendable {
    /// One thing the device received.
    public enum Record: Equatable, Sendable {
        /// An effect uploaded (or updated in place when the id was already in use).
        case upload(id: Int16, type: UInt16, strong: UInt16, weak: UInt16, length: UInt16)
        /// An effect erased.
        case erase(id: Int16)
        /// An effect started (`value` 1) or stopped (`value` 0).
        case play(id: UInt16, value: Int32)
        /// `FF_GAIN` set.
        case gain(Int32)
    }

    /// Everything of an uploaded effect that says when it plays and how strongly.
    public struct Effect: Equatable, Sendable {
        /// The slot, as the kernel assigned it.
        public let id: Int16
        /// `FF_RUMBLE` or `FF_PERIODIC`.
        public let type: UInt16
        /// An `FF_RUMBLE`'s motors, 0...0xFFFF (0 for other types).
        public let strong: UInt16
        /// The weak motor.
        public let weak: UInt16
        /// An `FF_PERIODIC`'s magnitude, -0x8000...0x7FFF (0 for other types).
        public let magnitude: Int16
        /// An `FF_PERIODIC`'s envelope: the level it starts at, 0...0x7FFF.
        public let attackLevel: UInt16
        /// How long it ramps from `attackLevel` to `magnitude`, in milliseconds.
        public let attackLength: UInt16
        /// How long after the play request it starts, in milliseconds.
        public let delay: UInt16
        /// How long it plays, in milliseconds (0: until stopped).
        public let length: UInt16
    }

    /// A record and when the device side read it.
    public struct Stamped: Sendable {
        /// When the device side read it, on the monotonic clock.
        public let at: Duration
        /// What it was.
        public let record: Record
        /// The whole effect, for an upload.
        public let effect: Effect?
    }

    /// `/dev/input/eventN`.
    public let node: String
    /// The name the device reports.
    public let name: String
    private let fd: Int32
    private let log = Mutex<[Stamped]>([])
    private let running = Atomic<Bool>(true)
    private let stopped = Atomic<Bool>(false)

    /// The priority of the device side's thread when it answers in real time.
    private static let realTimePriority: Int32 = 50

    /// Creates the device and starts answering for it. `rumble`, `periodic` and `gain` choose
    /// its force-feedback abilities.
    /// `gamepad` gives it buttons and sticks; without, it stands for a phone vibrator.
    /// `answeringInRealTime` serves the device side from a `SCHED_FIFO` thread (root only), as
    /// hardware answers: the kernel's upload request then reaches it at once. An ordinary
    /// thread is switched to either at once or only once the uploading program blocks, as
    /// the fair scheduler's account of the two programs' past CPU time decides: a step of
    /// about a microsecond in when the device reads the request, which the VM benchmark would
    /// count as the program's (BENCHMARKS.md).
    public init(
        name: String, gamepad: Bool = true, rumble: Bool = true, periodic: Bool = true, gain: Bool = true, slots: UInt32 = 16,
        answeringInRealTime: Bool = false
    ) throws {
        let fd = open("/dev/uinput", O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw VirtualDeviceError("open /dev/uinput: \(String(cString: strerror(errno)))") }
        func set(_ request: UInt, _ bit: Int32) throws {
            guard kt_set_bit(fd, request, bit) == 0 else {
                throw VirtualDeviceError("uinput set bit \(bit): \(String(cString: strerror(errno)))")
            }
        }
        try set(kt_ui_set_evbit(), EV_KEY)
        for key in gamepad ? [BTN_SOUTH, BTN_EAST, BTN_NORTH, BTN_WEST, BTN_START] : [KEY_POWER] { try set(kt_ui_set_keybit(), key) }
        if gamepad { try set(kt_ui_set_evbit(), EV_ABS) }
        for axis in gamepad ? [ABS_X, ABS_Y, ABS_Z, ABS_RZ] : [] {
            try set(kt_ui_set_absbit(), axis)
            var abs = uinput_abs_setup()
            abs.code = UInt16(axis)
            abs.absinfo.minimum = 0
            abs.absinfo.maximum = 255
            guard kt_ui_abs_setup(fd, &abs) == 0 else { throw VirtualDeviceError("UI_ABS_SETUP failed") }
        }
        try set(kt_ui_set_evbit(), EV_FF)
        if rumble { try set(kt_ui_set_ffbit(), FF_RUMBLE) }
        if periodic {
            try set(kt_ui_set_ffbit(), FF_PERIODIC)
            try set(kt_ui_set_ffbit(), FF_SINE)
        }
        if gain { try set(kt_ui_set_ffbit(), FF_GAIN) }
        var setup = uinput_setup()
        setup.id.bustype = UInt16(BUS_VIRTUAL)
        setup.id.vendor = 0x1209
        setup.id.product = 0x4854
        setup.ff_effects_max = slots
        withUnsafeMutableBytes(of: &setup.name) { buffer in
            for (index, byte) in name.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        guard kt_ui_dev_setup(fd, &setup) == 0, kt_ui_dev_create(fd) == 0 else {
            throw VirtualDeviceError("creating the uinput device: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        self.name = name
        guard let node = Self.eventNode(of: fd) else {
            _ = kt_ui_dev_destroy(fd)
            close(fd)
            throw VirtualDeviceError("no event node appeared for \(name)")
        }
        self.node = node
        do {
            try BackgroundThread.start(realTimePriority: answeringInRealTime ? Self.realTimePriority : nil) { [self] in serve() }
        } catch {
            _ = kt_ui_dev_destroy(fd)
            close(fd)
            throw error
        }
    }

    /// Everything received so far.
    public var records: [Stamped] { log.withLock { $0 } }

    /// Forgets what was received so far.
    public func reset() {
        log.withLock { $0.removeAll() }
    }

    /// Waits until a received record satisfies `condition`.
    public func wait(upTo timeout: Duration = .seconds(5), for condition: (Record) -> Bool) -> Bool {
        Monotonic.wait(upTo: timeout) { records.contains { condition($0.record) } }
    }

    /// Moves an axis, as a person pulling a trigger does: the value, then a sync report.
    public func emit(axis: Int32, value: Int32) {
        for (type, code, value) in [(EV_ABS, axis, value), (EV_SYN, SYN_REPORT, 0)] {
            var event = input_event()
            event.type = UInt16(type)
            event.code = UInt16(code)
            event.value = value
            _ = withUnsafeBytes(of: &event) { write(fd, $0.baseAddress, $0.count) }
        }
    }

    /// Unplugs the device: stops answering and destroys it.
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
            let effect = upload.effect
            let isRumble = Int32(effect.type) == FF_RUMBLE
            let isPeriodic = Int32(effect.type) == FF_PERIODIC
            let detail = Effect(
                id: effect.id, type: effect.type,
                strong: isRumble ? effect.u.rumble.strong_magnitude : 0, weak: isRumble ? effect.u.rumble.weak_magnitude : 0,
                magnitude: isPeriodic ? effect.u.periodic.magnitude : 0,
                attackLevel: isPeriodic ? effect.u.periodic.envelope.attack_level : 0,
                attackLength: isPeriodic ? effect.u.periodic.envelope.attack_length : 0,
                delay: effect.replay.delay, length: effect.replay.length)
            append(
                at,
                .upload(
                    id: effect.id, type: effect.type,
                    strong: isRumble ? effect.u.rumble.strong_magnitude : UInt16(bitPattern: effect.u.periodic.magnitude),
                    weak: isRumble ? effect.u.rumble.weak_magnitude : 0,
                    length: effect.replay.length),
                effect: detail)
            upload.retval = 0
            _ = kt_ui_end_ff_upload(fd, &upload)
        case (EV_UINPUT, UI_FF_ERASE):
            var erase = uinput_ff_erase()
            erase.request_id = UInt32(bitPattern: event.value)
            guard kt_ui_begin_ff_erase(fd, &erase) == 0 else { return }
            append(at, .erase(id: Int16(truncatingIfNeeded: erase.effect_id)))
            erase.retval = 0
            _ = kt_ui_end_ff_erase(fd, &erase)
        case (EV_FF, FF_GAIN):
            append(at, .gain(event.value))
        case (EV_FF, _):
            append(at, .play(id: event.code, value: event.value))
        default:
            break
        }
    }

    private func append(_ at: Duration, _ record: Record, effect: Effect? = nil) {
        log.withLock { $0.append(Stamped(at: at, record: record, effect: effect)) }
    }

    /// The `/dev/input/eventN` of the uinput device created on `fd`, once it exists (waiting
    /// up to 5 s for it), or `nil`.
    static func eventNode(of fd: Int32) -> String? {
        var sysname = [UInt8](repeating: 0, count: 64)
        let named = sysname.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { kt_ui_get_sysname(fd, $0.baseAddress, 64) }
        }
        guard named >= 0 else { return nil }
        let sysfs = "/sys/devices/virtual/input/" + String(decoding: sysname.prefix { $0 != 0 }, as: UTF8.self)
        var found: String?
        _ = Monotonic.wait {
            found = eventName(in: sysfs)
            return found.map { access("/dev/input/\($0)", F_OK) == 0 } ?? false
        }
        return found.map { "/dev/input/" + $0 }
    }

    private static func eventName(in directory: String) -> String? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("event") { return name }
        }
        return nil
    }
}
