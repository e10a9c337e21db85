import CEvdev
import Glibc
import Haptics
import Synchronization

@testable import HapticsEvdev

/// A pretend `/dev/input` behind the `Syscalls` seam: devices, their effect slots, and every
/// call made, with failures that tests inject.
final class FakeInputSystem: Sendable {
    /// One call the driver made.
    enum Call: Equatable {
        case open(String)
        case close(String)
        case upload(String, id: Int16, type: UInt16, strong: UInt16, weak: UInt16, length: UInt16)
        /// An `FF_HAPTIC` upload: the waveform's usage and its intensity.
        case haptic(String, id: Int16, usage: UInt16, intensity: UInt16, length: UInt16)
        case write(String, type: UInt16, code: UInt16, value: Int32)
        case erase(String, id: Int16)
    }

    struct State {
        var devices: [String: DeviceCapabilities] = [:]
        var readOnly: Set<String> = []
        var openFailures: [String: Int32] = [:]
        /// Files that open but are no input device (`/dev/null`): asking for capabilities fails.
        var plainFiles: Set<String> = []
        /// Errors the next writes / uploads to a node fail with, in order.
        var writeFailures: [String: [Int32]] = [:]
        var uploadFailures: [String: [Int32]] = [:]
        /// Whether the kernel takes `FF_HAPTIC` uploads (6.18 and later) ...
        var kernelHasHaptic = true
        /// ... and the waveforms each touchpad refuses, as one that does not list them.
        var refusedWaveforms: [String: Set<UInt16>] = [:]
        var descriptors: [Int32: String] = [:]
        var slotsInUse: [String: Set<Int16>] = [:]
        var nextDescriptor: Int32 = 100
        var calls: [Call] = []
    }

    let state = Mutex(State())

    /// A gamepad with rumble, periodic and gain, 16 slots.
    static func pad(_ name: String, gain: Bool = true, rumble: Bool = true, gamepad: Bool = true, slots: Int = 16) -> DeviceCapabilities {
        DeviceCapabilities(
            name: name, vendor: 0x054c, product: 0x0ce6, bus: 3, hasRumble: rumble, hasPeriodic: true,
            hasGain: gain, isGamepad: gamepad, effectSlots: slots)
    }

    /// A haptic touchpad (a pressure pad with `FF_HAPTIC`), 1 slot.
    static func touchpad(_ name: String) -> DeviceCapabilities {
        DeviceCapabilities(
            name: name, vendor: 0x04f3, product: 0x3242, bus: 0x18, hasRumble: false, hasPeriodic: false, hasGain: false,
            isGamepad: false, effectSlots: 1, hasHaptic: true, isPressurePad: true)
    }

    init(_ devices: [String: DeviceCapabilities]) {
        state.withLock { $0.devices = devices }
    }

    var calls: [Call] { state.withLock { $0.calls } }

    func resetCalls() { state.withLock { $0.calls = [] } }

    var syscalls: Syscalls {
        Syscalls(
            open: { path, flags throws(Errno) in
                try self.state.withLock { state throws(Errno) in
                    if let code = state.openFailures[path] { throw Errno(code) }
                    guard state.devices[path] != nil || state.plainFiles.contains(path) else { throw Errno(ENOENT) }
                    if flags & O_ACCMODE != O_RDONLY, state.readOnly.contains(path) { throw Errno(EACCES) }
                    state.nextDescriptor += 1
                    state.descriptors[state.nextDescriptor] = path
                    state.calls.append(.open(path))
                    return state.nextDescriptor
                }
            },
            close: { fd in
                self.state.withLock { state in
                    guard let path = state.descriptors.removeValue(forKey: fd) else { return }
                    state.slotsInUse[path] = []
                    state.calls.append(.close(path))
                }
            },
            writeEvent: { fd, event throws(Errno) in
                try self.state.withLock { state throws(Errno) in
                    let path = state.descriptors[fd] ?? "?"
                    if var failures = state.writeFailures[path], !failures.isEmpty {
                        let code = failures.removeFirst()
                        state.writeFailures[path] = failures
                        throw Errno(code)
                    }
                    state.calls.append(.write(path, type: event.type, code: event.code, value: event.value))
                }
            },
            uploadEffect: { fd, effect throws(Errno) in
                try self.state.withLock { state throws(Errno) in
                    let path = state.descriptors[fd] ?? "?"
                    if var failures = state.uploadFailures[path], !failures.isEmpty {
                        let code = failures.removeFirst()
                        state.uploadFailures[path] = failures
                        throw Errno(code)
                    }
                    let haptic = effect.type == UInt16(HAPTICS_FF_HAPTIC) ? haptics_get_haptic(&effect) : nil
                    if let haptic, !state.kernelHasHaptic || state.refusedWaveforms[path, default: []].contains(haptic.hid_usage) {
                        throw Errno(EINVAL)
                    }
                    if effect.id < 0 {
                        let slots = state.devices[path]?.effectSlots ?? 0
                        guard let free = (0..<Int16(slots)).first(where: { !(state.slotsInUse[path] ?? []).contains($0) }) else {
                            throw Errno(ENOSPC)
                        }
                        effect.id = free
                        state.slotsInUse[path, default: []].insert(free)
                    }
                    if let haptic {
                        state.calls.append(
                            .haptic(path, id: effect.id, usage: haptic.hid_usage, intensity: haptic.intensity, length: effect.replay.length)
                        )
                        return
                    }
                    let isRumble = effect.type == UInt16(FF_RUMBLE)
                    state.calls.append(
                        .upload(
                            path, id: effect.id, type: effect.type,
                            strong: isRumble ? effect.u.rumble.strong_magnitude : UInt16(effect.u.periodic.magnitude),
                            weak: isRumble ? effect.u.rumble.weak_magnitude : 0,
                            length: effect.replay.length))
                }
            },
            eraseEffect: { fd, id throws(Errno) in
                self.state.withLock { state in
                    let path = state.descriptors[fd] ?? "?"
                    state.slotsInUse[path]?.remove(id)
                    state.calls.append(.erase(path, id: id))
                }
            },
            describe: { fd throws(Errno) in
                try self.state.withLock { state throws(Errno) in
                    if let path = state.descriptors[fd], state.plainFiles.contains(path) { throw Errno(ENOTTY) }
                    guard let path = state.descriptors[fd], let capabilities = state.devices[path] else { throw Errno(EBADF) }
                    return capabilities
                }
            },
            listDirectory: { _ throws(Errno) in
                self.state.withLock { state in
                    [".", "..", "js0", "mice"] + state.devices.keys.map { String($0.split(separator: "/").last ?? "") }
                }
            },
            watchDirectory: { _ throws(Errno) in throw Errno(ENOSYS) },
            read: { _, _ throws(Errno) in throw Errno(EAGAIN) },
            openEvents: { _ throws(Errno) in throw Errno(ENOSYS) },
            absoluteAxes: { _ in [] },
            nextEvent: { _, _ throws(Errno) in throw Errno(EAGAIN) },
            freeEvents: { _ in },
            revoke: { _ throws(Errno) in }
        )
    }
}
