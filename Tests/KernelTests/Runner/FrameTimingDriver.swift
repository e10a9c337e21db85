import Haptics
import Synchronization
import VirtualDevices

/// A driver that notes when each frame was handed over, on the monotonic clock, so that a
/// test can tell a run the guest played late (a stalled VM) from one the kernel got wrong.
final class FrameTimingDriver: HapticDriver {
    private let times = Mutex<[Duration]>([])

    /// When each frame since the last `reset()` was handed over.
    var applied: [Duration] { times.withLock { $0 } }

    /// Forgets the times noted so far.
    func reset() {
        times.withLock { $0.removeAll() }
    }

    /// Nothing to prepare.
    func prepare() {}

    /// Notes the time.
    func apply(_ frame: RumbleFrame) {
        let now = Monotonic.now
        times.withLock { $0.append(now) }
    }

    /// Nothing to stop.
    func stop() {}

    /// Nothing to close.
    func close() {}
}
