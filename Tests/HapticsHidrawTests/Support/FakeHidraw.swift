import HapticsEvdev
import HapticsModel
import HapticsPlatform
import Synchronization

@testable import HapticsHidraw

/// A stand-in for the hidraw system calls: pads' nodes that record every report written and
/// when, guardians that record their control messages, a clock and timers run by hand.
final class FakeHidraw: Sendable {
    /// One write: the descriptor, the bytes, the clock's time, and whether it was a FEATURE
    /// report (`HIDIOCSFEATURE`).
    struct Write: Sendable {
        var fd: Int32
        var bytes: [UInt8]
        var at: Duration
        var isFeature = false
    }

    private struct Timer {
        var due: Duration
        var work: @Sendable () -> Void
    }

    private struct State {
        var writes: [Write] = []
        var now = Duration.seconds(100)
        var timers: [Timer] = []
        var nodes: [String: Int32] = [:]
        /// The path each descriptor was opened at (a node may be open more than once).
        var paths: [Int32: String] = [:]
        var closed: [Int32] = []
        var nextFD: Int32 = 10
        var sleeps: [Duration] = []
        var guardians = 0
        var gone: Set<Int32> = []
        var inputs: [[UInt8]] = []
    }

    private let state = Mutex(State())
    /// Whether `access(2)` grants writing.
    let writable: Bool
    /// The error `open(2)` fails with, if any.
    let openError: Errno?

    /// How long each write to a node takes: the report is recorded when the write starts,
    /// and the clock has moved on by this much when it returns.
    let writeCost: Duration

    /// The files `readBytes` finds, by path (sysfs attributes).
    let files: [String: [UInt8]]

    init(writable: Bool = true, openError: Errno? = nil, writeCost: Duration = .zero, files: [String: [UInt8]] = [:]) {
        self.files = files
        self.writable = writable
        self.openError = openError
        self.writeCost = writeCost
    }

    /// The descriptor of a guardian's control pipe: 1000 and up.
    static let firstControl: Int32 = 1000

    var system: HidrawSystem {
        HidrawSystem(
            open: { [self] path throws(Errno) in
                if let openError { throw openError }
                return state.withLock { state in
                    state.nextFD += 1
                    state.nodes[path] = state.nextFD
                    state.paths[state.nextFD] = path
                    return state.nextFD
                }
            },
            write: { [self] fd, bytes throws(Errno) in
                try state.withLock { state throws(Errno) in
                    if state.gone.contains(fd) { throw Errno(19) }
                    state.writes.append(Write(fd: fd, bytes: bytes, at: state.now))
                    if fd < Self.firstControl { state.now += writeCost }
                }
            },
            setFeature: { [self] fd, bytes throws(Errno) in
                try state.withLock { state throws(Errno) in
                    if state.gone.contains(fd) { throw Errno(19) }
                    state.writes.append(Write(fd: fd, bytes: bytes, at: state.now, isFeature: true))
                    state.now += writeCost
                }
            },
            close: { [self] fd in state.withLock { $0.closed.append(fd) } },
            readReport: { [self] _, _ throws(Errno) in
                // The queued input reports one by one, then the device gone.
                try state.withLock { state throws(Errno) in
                    guard !state.inputs.isEmpty else { throw Errno(19) }
                    return state.inputs.removeFirst()
                }
            },
            canWrite: { [self] _ in writable },
            listDirectory: { [self] path throws(Errno) in
                if path == "/sys/class/hidraw" {
                    return Set(files.keys.compactMap { $0.split(separator: "/").dropFirst(3).first.map(String.init) }).sorted()
                }
                // `.../class/input/eventN/device/device/hidraw` names `hidrawN`.
                let parts = path.split(separator: "/")
                guard let event = parts.first(where: { $0.hasPrefix("event") }) else { throw Errno(2) }
                return ["hidraw" + event.dropFirst("event".count)]
            },
            readBytes: { [self] path in files[path] },
            resolve: { $0 },
            spawnGuardian: { [self] _ throws(Errno) in
                state.withLock { state in
                    state.guardians += 1
                    return (Int32(5000 + state.guardians), Self.firstControl + Int32(state.guardians))
                }
            },
            reap: { _ in },
            now: { [self] in state.withLock { $0.now } },
            schedule: { [self] delay, work in state.withLock { $0.timers.append(Timer(due: $0.now + delay, work: work)) } },
            sleep: { [self] delay in
                state.withLock { state in
                    state.sleeps.append(delay)
                    if delay > .zero { state.now += delay }
                }
            }
        )
    }

    /// A driver over this fake for `devices`.
    func driver(_ devices: [EvdevDeviceInfo], locality: Locality = .all, selection: DeviceSelection = .auto) -> HidrawDriver {
        HidrawDriver(
            selection: selection, locality: locality, devices: { devices },
            discovery: HidrawDiscovery(sysfs: "/sys", devices: "/dev", system: system), system: system, notice: { _ in })
    }

    /// Queues input reports for `readReport` to return, one a call (then the device is gone).
    func queueInputs(_ reports: [[UInt8]]) {
        state.withLock { $0.inputs += reports }
    }

    /// Moves the clock on by `step`, running each timer that falls due, in order, at its time.
    func advance(by step: Duration) {
        let end = state.withLock { $0.now + step }
        while true {
            let work = state.withLock { state -> (@Sendable () -> Void)? in
                guard let index = state.timers.indices.min(by: { state.timers[$0].due < state.timers[$1].due }),
                    state.timers[index].due <= end
                else { return nil }
                let timer = state.timers.remove(at: index)
                state.now = max(state.now, timer.due)
                return timer.work
            }
            guard let work else { break }
            work()
        }
        state.withLock { $0.now = end }
    }

    /// Unplugs the pad at `path`: its writes fail with `ENODEV`.
    func unplug(_ path: String) {
        state.withLock { state in state.nodes[path].map { _ = state.gone.insert($0) } }
    }

    /// The clock's time.
    var now: Duration { state.withLock { $0.now } }
    /// The reports written to the node at `path`.
    func reports(to path: String) -> [Write] {
        state.withLock { state in state.nodes[path].map { fd in state.writes.filter { $0.fd == fd } } ?? [] }
    }
    /// The reports written to the node at `path` through any of its descriptors (a node read
    /// for its input is open twice).
    func reportsThroughAnyDescriptor(to path: String) -> [Write] {
        state.withLock { state in state.writes.filter { $0.fd < Self.firstControl && state.paths[$0.fd] == path } }
    }
    /// The messages written to the guardians' control pipes.
    var guardianMessages: [[UInt8]] { state.withLock { $0.writes.filter { $0.fd > Self.firstControl }.map(\.bytes) } }
    /// The descriptors closed.
    var closed: [Int32] { state.withLock { $0.closed } }
    /// The descriptor of the node at `path`.
    func fd(of path: String) -> Int32? { state.withLock { $0.nodes[path] } }
    /// How long `close` waited.
    var sleeps: [Duration] { state.withLock { $0.sleeps } }
    /// Timers not yet run.
    var pendingTimers: Int { state.withLock { $0.timers.count } }
}

/// Pads as `DeviceDiscovery` lists them.
enum Pads {
    static func device(_ event: Int, vendor: UInt16, product: UInt16, bus: UInt16, name: String) -> EvdevDeviceInfo {
        EvdevDeviceInfo(
            node: "/dev/input/event\(event)",
            capabilities: DeviceCapabilities(
                name: name, vendor: vendor, product: product, bus: bus, hasRumble: true, hasPeriodic: false, hasGain: false,
                isGamepad: true, effectSlots: 16),
            isWritable: true)
    }

    static let dualSense = device(3, vendor: 0x054C, product: 0x0CE6, bus: 3, name: "DualSense Wireless Controller")
    static let dualSenseBluetooth = device(4, vendor: 0x054C, product: 0x0CE6, bus: 5, name: "DualSense Wireless Controller")
    static let switchPro = device(5, vendor: 0x057E, product: 0x2009, bus: 3, name: "Nintendo Switch Pro Controller")
    static let xbox = device(6, vendor: 0x045E, product: 0x0B13, bus: 5, name: "Xbox Wireless Controller")
    static let dualShock4 = device(7, vendor: 0x054C, product: 0x09CC, bus: 3, name: "Wireless Controller")
    static let steamDeck = device(8, vendor: 0x28DE, product: 0x1205, bus: 3, name: "Steam Deck")
}
