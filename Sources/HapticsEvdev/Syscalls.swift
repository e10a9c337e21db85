import CEvdev
import Glibc
import HapticsModel
import HapticsPlatform

/// Every system and libevdev call of the evdev code, in one place (as swift-system's
/// `Syscalls.swift`), so tests can inject each failure without hardware.
///
/// The stored calls make one attempt each and report failure by throwing the `Errno`; a test
/// replaces them. The rest of the module calls the methods below them, which retry `EINTR`
/// (through `Errno.retryingOnInterrupt`, the package's one retry) and hold the flags and
/// constants, so no other file of the module needs the platform's headers.
struct Syscalls: Sendable {
    /// How a node is opened.
    enum Access {
        /// For rumble: force-feedback uploads and event writes need write access.
        case readWrite
        /// For listing.
        case readOnly
        /// For a reader thread: read-only, and a read waits for input (no `O_NONBLOCK`).
        case waitingForInput
    }

    /// One event read from a device, in libevdev's terms.
    enum NextEvent {
        /// An event, in order.
        case event(input_event)
        /// The kernel dropped events: this event begins the resynchronisation.
        case resync(input_event)
    }

    /// `open(2)` with these `O_*` flags: a file descriptor.
    var open: @Sendable (_ path: String, _ flags: Int32) throws(Errno) -> Int32
    /// `close(2)`.
    var close: @Sendable (_ fd: Int32) -> Void
    /// `write(2)` of one input event.
    var writeEvent: @Sendable (_ fd: Int32, _ event: input_event) throws(Errno) -> Void
    /// `ioctl(EVIOCSFF)`: uploads or updates an effect, writing its id back.
    var uploadEffect: @Sendable (_ fd: Int32, _ effect: inout ff_effect) throws(Errno) -> Void
    /// `ioctl(EVIOCRMFF)`: erases an effect.
    var eraseEffect: @Sendable (_ fd: Int32, _ id: Int16) throws(Errno) -> Void
    /// Reads name, ids and capabilities through libevdev, and the slot count (`EVIOCGEFFECTS`).
    var describe: @Sendable (_ fd: Int32) throws(Errno) -> DeviceCapabilities
    /// The names in a directory.
    var listDirectory: @Sendable (_ path: String) throws(Errno) -> [String]
    /// `inotify_init1` plus `inotify_add_watch` for creations, deletions and attribute changes.
    var watchDirectory: @Sendable (_ path: String) throws(Errno) -> Int32
    /// `read(2)` into a buffer; the count of bytes read.
    var read: @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int
    /// `libevdev_new_from_fd`: a libevdev device reading `fd`.
    var openEvents: @Sendable (_ fd: Int32) throws(Errno) -> OpaquePointer
    /// The absolute axes a libevdev device has, with their ranges (`libevdev_has_event_code`,
    /// `libevdev_get_abs_minimum`, `libevdev_get_abs_maximum`).
    var absoluteAxes: @Sendable (_ device: OpaquePointer) -> [AbsoluteAxis]
    /// `libevdev_next_event`, in normal mode on a descriptor whose reads wait for input (which
    /// reads only once the events read before are taken), or (`resyncing`) in sync mode.
    var nextEvent: @Sendable (_ device: OpaquePointer, _ resyncing: Bool) throws(Errno) -> NextEvent
    /// `libevdev_free`.
    var freeEvents: @Sendable (_ device: OpaquePointer) -> Void
    /// `ioctl(EVIOCREVOKE)`: this descriptor reads nothing more, and a read waiting on it
    /// returns `ENODEV`.
    var revoke: @Sendable (_ fd: Int32) throws(Errno) -> Void
    /// Whether sysfs lists any force-feedback capability for the input device of the event
    /// node named `name` (`event5`: `/sys/class/input/event5/device/capabilities/ff`, hex
    /// words, `0` for none); `nil` where sysfs cannot say. Discovery skips the devices it
    /// says `false` of (keyboards, mice, motion sensors) without opening them: closing an evdev
    /// node waits for an RCU grace period, milliseconds each. The stand-ins tests give say
    /// `nil`, so every node is opened.
    var listsForceFeedback: @Sendable (_ name: String) -> Bool? = { _ in nil }
    /// Closes a descriptor discovery opened only to describe its device, off the caller's
    /// thread (a thread of its own): the release waits for an RCU grace period, which the
    /// caller need not. `nil` (the stand-ins tests give) closes it at once with `close`.
    var closeInBackground: (@Sendable (_ fd: Int32) -> Void)? = nil
    /// The running kernel's release (`uname -r`), e.g. `6.1.0-28-amd64`.
    var kernelRelease: @Sendable () -> String = {
        var name = utsname()
        guard uname(&name) == 0 else { return "" }
        return withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    // MARK: - What the module calls

    /// Closes `fd`, opened only to describe a device: in the background where the system
    /// offers it (`closeInBackground`), else at once.
    func closeDescribed(_ fd: Int32) {
        if let closeInBackground { closeInBackground(fd) } else { close(fd) }
    }

    /// Opens `path`, non-blocking and close-on-exec.
    func open(_ path: String, _ access: Access) throws(Errno) -> Int32 {
        let flags =
            switch access {
            case .readWrite: O_RDWR | O_NONBLOCK
            case .readOnly: O_RDONLY | O_NONBLOCK
            case .waitingForInput: O_RDONLY
            }
        return try Errno.retryingOnInterrupt { () throws(Errno) in try open(path, flags) }
    }

    /// Writes one `type`/`code`/`value` input event.
    func write(_ fd: Int32, type: Int32, code: Int32, value: Int32) throws(Errno) {
        var event = input_event()
        event.type = UInt16(type)
        event.code = UInt16(code)
        event.value = value
        try Errno.retryingOnInterrupt { () throws(Errno) in try writeEvent(fd, event) }
    }

    /// Starts an effect playing (value 1) or stops it (value 0).
    func play(_ fd: Int32, effect id: Int16, _ isOn: Bool) throws(Errno) {
        try write(fd, type: EV_FF, code: Int32(id), value: isOn ? 1 : 0)
    }

    /// Sets the device's master gain, a magnitude 0...0xFFFF (`FF_GAIN`).
    func setGain(_ fd: Int32, magnitude: UInt16) throws(Errno) {
        try write(fd, type: EV_FF, code: FF_GAIN, value: Int32(magnitude))
    }

    /// Uploads or updates `effect`, writing its id back.
    func upload(_ fd: Int32, _ effect: inout ff_effect) throws(Errno) {
        try Errno.retryingOnInterrupt { () throws(Errno) in try uploadEffect(fd, &effect) }
    }

    /// Erases the effect `id`.
    func erase(_ fd: Int32, _ id: Int16) throws(Errno) {
        try Errno.retryingOnInterrupt { () throws(Errno) in try eraseEffect(fd, id) }
    }

    /// Reads into `buffer`: the count of bytes, or `nil` when nothing is pending or the read
    /// failed.
    func readPending(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        try? Errno.retryingOnInterrupt { () throws(Errno) in try read(fd, buffer) }
    }

    /// Reads the events of a device opened `waitingForInput`, handing each to `body` as
    /// libevdev reads it (resynchronising when the kernel dropped events), until a read fails:
    /// returns that error, `ENODEV` once the device is gone or the descriptor revoked.
    func readEvents(_ device: OpaquePointer, _ body: (input_event) -> Void) -> Errno {
        var resyncing = false
        while true {
            do {
                switch try Errno.retryingOnInterrupt({ () throws(Errno) in try nextEvent(device, resyncing) }) {
                case .event(let event): body(event)
                case .resync(let event):
                    resyncing = true
                    body(event)
                }
            } catch  where resyncing && error.meansTryAgain {
                resyncing = false
            } catch {
                return error
            }
        }
    }

    /// The `inotify_event` mask bits hot-plug reads.
    enum WatchMask {
        /// `IN_CREATE`.
        static let created = UInt32(IN_CREATE)
        /// `IN_ATTRIB`.
        static let attributesChanged = UInt32(IN_ATTRIB)
        /// `IN_DELETE`.
        static let deleted = UInt32(IN_DELETE)
    }

    /// `EV_ABS`, the type of absolute axis events.
    static let absoluteAxisEvent = UInt16(EV_ABS)

    // MARK: - The real calls

    /// The real system and libevdev calls.
    static let live = Syscalls(
        open: { path, flags throws(Errno) in
            let fd = Glibc.open(path, flags | O_CLOEXEC)
            guard fd >= 0 else { throw .current }
            return fd
        },
        close: { fd in _ = Glibc.close(fd) },
        writeEvent: { fd, event throws(Errno) in
            var event = event
            let written = withUnsafeBytes(of: &event) { Glibc.write(fd, $0.baseAddress, $0.count) }
            guard written == MemoryLayout<input_event>.size else { throw written < 0 ? .current : .inputOutput }
        },
        uploadEffect: { fd, effect throws(Errno) in
            guard haptics_upload_effect(fd, &effect) >= 0 else { throw .current }
        },
        eraseEffect: { fd, id throws(Errno) in
            guard haptics_erase_effect(fd, Int32(id)) >= 0 else { throw .current }
        },
        describe: { fd throws(Errno) in
            var device: OpaquePointer?
            let status = libevdev_new_from_fd(fd, &device)
            guard status == 0, let device else { throw Errno(-status) }
            defer { libevdev_free(device) }
            var slots: Int32 = 0
            // The force-feedback bits straight from the kernel (EVIOCGBIT(EV_FF)): FF_MAX is 0x7f.
            var ffBits = [UInt](repeating: 0, count: 2)
            let hasForceFeedback =
                libevdev_has_event_type(device, UInt32(EV_FF)) == 1
                && haptics_ff_bits(fd, &ffBits, UInt32(ffBits.count * MemoryLayout<UInt>.size)) >= 0
            if hasForceFeedback, haptics_effect_slots(fd, &slots) < 0 { slots = 0 }
            func has(_ type: Int32, _ code: Int32) -> Bool {
                libevdev_has_event_code(device, UInt32(type), UInt32(code)) == 1
            }
            func hasFF(_ code: Int32) -> Bool {
                hasForceFeedback && ffBits[Int(code) / UInt.bitWidth] & (1 << (UInt(code) % UInt(UInt.bitWidth))) != 0
            }
            return DeviceCapabilities(
                name: libevdev_get_name(device).map { String(cString: $0) } ?? "",
                vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(device)),
                product: UInt16(truncatingIfNeeded: libevdev_get_id_product(device)),
                bus: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(device)),
                hasRumble: hasFF(FF_RUMBLE),
                hasPeriodic: hasFF(FF_PERIODIC),
                hasGain: hasFF(FF_GAIN),
                isGamepad: has(EV_KEY, BTN_GAMEPAD) || has(EV_KEY, BTN_JOYSTICK) || has(EV_KEY, BTN_TRIGGER_HAPPY),
                effectSlots: Int(slots),
                hasHaptic: hasFF(HAPTICS_FF_HAPTIC),
                isPressurePad: libevdev_has_property(device, UInt32(HAPTICS_INPUT_PROP_PRESSUREPAD)) == 1
            )
        },
        listDirectory: { path throws(Errno) in try DirectoryReader.names(in: path) },
        watchDirectory: { path throws(Errno) in
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { throw .current }
            guard inotify_add_watch(fd, path, WatchMask.created | WatchMask.deleted | WatchMask.attributesChanged) >= 0 else {
                let error = Errno.current
                Glibc.close(fd)
                throw error
            }
            return fd
        },
        read: { fd, buffer throws(Errno) in
            let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
            guard count >= 0 else { throw .current }
            return count
        },
        openEvents: { fd throws(Errno) in
            var device: OpaquePointer?
            let status = libevdev_new_from_fd(fd, &device)
            guard status == 0, let device else {
                if let device { libevdev_free(device) }
                throw Errno(status < 0 ? -status : EINVAL)
            }
            return device
        },
        absoluteAxes: { device in
            (0..<UInt32(ABS_CNT)).compactMap { code in
                guard libevdev_has_event_code(device, UInt32(EV_ABS), code) == 1 else { return nil }
                return AbsoluteAxis(
                    code: UInt16(code),
                    minimum: libevdev_get_abs_minimum(device, code),
                    maximum: libevdev_get_abs_maximum(device, code))
            }
        },
        nextEvent: { device, resyncing throws(Errno) in
            var event = input_event()
            let flags =
                resyncing ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue | LIBEVDEV_READ_FLAG_BLOCKING.rawValue
            let status = libevdev_next_event(device, UInt32(flags), &event)
            guard status >= 0 else { throw Errno(-status) }
            return status == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) ? .resync(event) : .event(event)
        },
        freeEvents: { device in libevdev_free(device) },
        revoke: { fd throws(Errno) in
            guard haptics_revoke(fd) >= 0 else { throw .current }
        },
        listsForceFeedback: { name in
            let fd = Glibc.open("/sys/class/input/\(name)/device/capabilities/ff", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { Glibc.close(fd) }
            var bytes = [UInt8](repeating: 0, count: 256)
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            let words = String(decoding: bytes.prefix(count), as: UTF8.self).split(whereSeparator: \.isWhitespace)
            guard !words.isEmpty, words.allSatisfy({ UInt64($0, radix: 16) != nil }) else { return nil }
            return words.contains { UInt64($0, radix: 16) != 0 }
        },
        closeInBackground: { fd in startDetachedThread(named: "haptics-close") { _ = Glibc.close(fd) } }
    )
}
