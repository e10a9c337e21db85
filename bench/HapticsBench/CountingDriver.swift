import Haptics
import Synchronization

/// A driver that only counts frames, so long runs measure the engine's memory, not a log's.
final class CountingDriver: HapticDriver {
    private let frames = Atomic<Int>(0)

    /// The frames applied so far.
    var count: Int { frames.load(ordering: .relaxed) }

    func prepare() {}
    func apply(_ frame: RumbleFrame) { frames.add(1, ordering: .relaxed) }
    func stop() {}
    func close() {}
}
