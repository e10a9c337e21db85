import Glibc
import HapticsPlatform
import Synchronization

/// A pad's playback PCM, opened with the low-latency settings and written with the actuators'
/// samples: silence on the other channels; started by the writer once an effect's samples are
/// queued, stopped by the kernel when the queue runs dry (so the hardware never goes round the
/// buffer replaying stale samples); on `stop` and `close` a drop (never a drain), so the
/// actuators fall silent at once.
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

    /// What the stream holds: the open descriptor, whether it must be prepared before the
    /// next write (after a drop or an underrun), and whether it runs.
    private struct State {
        var fd: Int32?
        var needsPrepare = false
        var isRunning = false
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

    /// The frames queued ahead of the hardware (the buffer less what is free for writing), 0
    /// once the stream has stopped on an underrun (it is prepared again for the next write).
    public func queuedFrames() throws(AudioError) -> Int {
        try withPrepared { (fd, state) throws(Errno) -> Int in
            guard state.isRunning else { return 0 }
            let status = try system.status(fd)
            if status.underrun {
                try system.prepare(fd)
                state.isRunning = false
                return 0
            }
            return max(settings.bufferFrames - status.available, 0)
        }
    }

    /// Writes the actuators' samples (`left` and `right`, one per frame) after what is
    /// queued, and starts the stream if it is not running (so it starts on the first samples
    /// of an effect, with all of them queued). An underrun found on the way prepares the
    /// stream again, and the samples start it afresh. Returns the frames taken: fewer than
    /// given when the buffer is full.
    @discardableResult
    public func write(left: [Int16], right: [Int16]) throws(AudioError) -> Int {
        let samples = settings.interleave(left: left, right: right)
        return try withPrepared { (fd, state) throws(Errno) -> Int in
            let taken: Int
            do throws(Errno) {
                taken = try system.write(fd, samples, settings.channels)
            } catch  where error.code == EPIPE {
                try system.prepare(fd)
                state.isRunning = false
                taken = try system.write(fd, samples, settings.channels)
            }
            if !state.isRunning && taken > 0 {
                try system.start(fd)
                state.isRunning = true
            }
            return taken
        }
    }

    /// Runs `body` on the open, prepared PCM (opening it, and preparing it after a drop); a
    /// full buffer (`EAGAIN`) counts as nothing done, any other failure as a failed write.
    private func withPrepared(_ body: (Int32, inout State) throws(Errno) -> Int) throws(AudioError) -> Int {
        try state.withLock { (state) throws(AudioError) -> Int in
            let fd = try opened(&state)
            do throws(Errno) {
                if state.needsPrepare {
                    try system.prepare(fd)
                    state.needsPrepare = false
                    state.isRunning = false
                }
                return try body(fd, &state)
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
            state.isRunning = false
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

    /// Waits until the hardware has taken a period since the queue was topped up (the PCM's
    /// period interrupt), at most `timeout`; returns at once when the PCM is closed.
    public func waitForRoom(timeout: Duration) {
        guard let fd = state.withLock({ $0.isRunning ? $0.fd : nil }) else { return }
        system.wait(fd, timeout)
    }

    /// The frames written that have yet to be heard (`SNDRV_PCM_IOCTL_DELAY`: those queued
    /// in the buffer and in the USB transfers), 0 when the PCM is closed or fails.
    public func unheardFrames() -> Int {
        state.withLock { state in
            guard let fd = state.fd, state.isRunning else { return 0 }
            return max((try? system.delay(fd)) ?? 0, 0)
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
