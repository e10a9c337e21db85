import CEvdev
import Glibc

/// Every system call the evdev code makes, in one place (as swift-system's `Syscalls.swift`),
/// so tests can inject each failure without hardware. Calls report failure by throwing the
/// `Errno`; none retries: callers retry `EINTR` with `Errno.retryingOnInterrupt`.
struct Syscalls: Sendable {
    /// `open(2)`: a file descriptor.
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

    /// The real system calls.
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
            guard written == MemoryLayout<input_event>.size else { throw written < 0 ? .current : Errno(EIO) }
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
            let hasForceFeedback = libevdev_has_event_type(device, UInt32(EV_FF)) == 1
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
                effectSlots: Int(slots)
            )
        },
        listDirectory: { path throws(Errno) in
            guard let directory = opendir(path) else { throw .current }
            defer { closedir(directory) }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                names.append(name)
            }
            return names
        },
        watchDirectory: { path throws(Errno) in
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { throw .current }
            guard inotify_add_watch(fd, path, UInt32(IN_CREATE | IN_DELETE | IN_ATTRIB)) >= 0 else {
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
        }
    )
}
