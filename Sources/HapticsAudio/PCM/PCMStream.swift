import Glibc
import HapticsPlatform
import Synchronization

/// A pad's playback PCM, opened with the low-latency settings and written with the actuators'
/// samples: silence on the other channels, silence after an underrun (never stale samples),
/// and on `stop` and `close` a drop (never a drain), so the actuators fall silent at once.
///
/// The kernel closes the PCM of a process that dies, and the stream stops with it.
public final class PCMStream: Sendable {
    /// The card played on.
    public let card: SoundCard
    /// How the PCM is opened.
    public let settings: PCMSettings
    private let discovery: SoundCardDiscovery
    private let system: SoundSystem
    private let state = Mutex(State())

    /// What the stream holds: the open descriptor, and whether it must be prepared before the
    /// next write (after a drop).
    private struct State {
        var fd: Int32?
        var needsPrepare = false
    }

    /// Creates a stream on `card`, which `discovery` found (it names who holds a busy card).
    public convenience init(card: SoundCard, settings: PCMSettings = .dualSense, discovery: SoundCardDiscovery) {
        self.init(card: card, settings: settings, discovery: discovery, system: .live)
    }

    init(card: SoundCard, settings: PCMSettings, discovery: SoundCardDiscovery, system: SoundSystem) {
        self.card = card
        self.settings = settings
        self.discovery = discovery
        self.system = system
    }

    /// Whether the PCM is open.
    public var isOpen: Bool { state.withLock { $0.fd != nil } }

    /// Opens the PCM and sets its parameters; cheap when it is open.
    public func open() throws(AudioError) {
        try state.withLock { (state) throws(AudioError) in _ = try opened(&state) }
    }

    /// The frames queued ahead of the hardware, preparing the PCM first after a drop. When
    /// fewer than one period's lead are queued (the queue ran dry: after an idle spell, the
    /// hardware went on over silence), the application pointer is first moved up to the
    /// hardware's plus that lead, so the samples written next play within about one period.
    public func queuedFrames() throws(AudioError) -> Int {
        try withPrepared { (fd) throws(Errno) -> Int in
            let queued = try system.delay(fd)
            guard queued < settings.leadFrames else { return queued }
            return queued + (try system.forward(fd, settings.leadFrames - queued))
        }
    }

    /// Writes the actuators' samples (`left` and `right`, one per frame) after what is
    /// queued. Returns the frames taken: fewer than given when the buffer is full.
    @discardableResult
    public func write(left: [Int16], right: [Int16]) throws(AudioError) -> Int {
        let samples = settings.interleave(left: left, right: right)
        return try withPrepared { (fd) throws(Errno) -> Int in try system.write(fd, samples, settings.channels) }
    }

    /// Runs `body` on the open, prepared PCM (opening it, and preparing it after a drop); a
    /// full buffer (`EAGAIN`) counts as nothing done, any other failure as a failed write.
    private func withPrepared(_ body: (Int32) throws(Errno) -> Int) throws(AudioError) -> Int {
        try state.withLock { (state) throws(AudioError) -> Int in
            let fd = try opened(&state)
            do throws(Errno) {
                if state.needsPrepare {
                    try system.prepare(fd)
                    state.needsPrepare = false
                }
                return try body(fd)
            } catch  where error.meansTryAgain {
                return 0
            } catch {
                throw .writeFailed(node: card.playbackNode, errno: error)
            }
        }
    }

    /// Silences the actuators now: drops what is queued. The PCM stays open.
    public func stop() {
        state.withLock { state in
            guard let fd = state.fd else { return }
            try? system.drop(fd)
            state.needsPrepare = true
        }
    }

    /// Drops what is queued and closes the PCM; a later `open` or `write` opens it again.
    public func close() {
        state.withLock { state in
            guard let fd = state.fd else { return }
            try? system.drop(fd)
            system.close(fd)
            state = State()
        }
    }

    /// The open descriptor, opening and configuring the PCM first if it is closed.
    private func opened(_ state: inout State) throws(AudioError) -> Int32 {
        if let fd = state.fd { return fd }
        let node = card.playbackNode
        let fd: Int32
        do {
            fd = try Errno.retryingOnInterrupt { () throws(Errno) in try system.open(node) }
        } catch {
            if error.code == EBUSY { throw .busy(card: card.alsaName, node: node, holder: discovery.holder(of: card)) }
            if error.meansPermissionDenied { throw .permissionDenied(node: node) }
            throw .cannotOpen(node: node, errno: error)
        }
        var operation = "SNDRV_PCM_IOCTL_HW_PARAMS"
        do throws(Errno) {
            try system.setHardware(fd, settings)
            operation = "SNDRV_PCM_IOCTL_SW_PARAMS"
            try system.setSoftware(fd, settings)
            operation = "SNDRV_PCM_IOCTL_PREPARE"
            try system.prepare(fd)
        } catch {
            system.close(fd)
            throw .configurationFailed(node: node, operation: operation, errno: error)
        }
        state.fd = fd
        state.needsPrepare = false
        return fd
    }
}
