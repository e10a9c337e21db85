import Glibc
import Haptics

/// A driver that stamps the monotonic time of each call, right before a real `write` of an
/// input event's size to /dev/null: what a device driver's syscall would see. Its storage is
/// allocated up front so recording does not allocate while playing.
final class TimestampingDriver: HapticDriver, @unchecked Sendable {
    private let times: UnsafeMutableBufferPointer<Int64>
    private let starts: UnsafeMutableBufferPointer<Duration>
    private var count = 0
    private let sink = open("/dev/null", O_WRONLY)

    /// A driver that keeps up to `capacity` stamps (calls come one at a time from the player).
    init(capacity: Int) {
        times = .allocate(capacity: capacity)
        starts = .allocate(capacity: capacity)
    }

    deinit {
        times.deallocate()
        starts.deallocate()
        Glibc.close(sink)
    }

    /// The stamps so far: when each frame was written and when it was due (its start).
    var stamps: [(writtenAt: Int64, start: Duration)] {
        (0..<count).map { (times[$0], starts[$0]) }
    }

    func prepare() {}

    func apply(_ frame: RumbleFrame) {
        guard count < times.count else { return }
        times[count] = Monotonic.nanoseconds
        starts[count] = frame.start
        count += 1
        var event = (Int64(0), Int64(0), UInt16(0), UInt16(0), Int32(0))
        _ = withUnsafeBytes(of: &event) { Glibc.write(sink, $0.baseAddress, 24) }
    }

    func stop() {}
    func close() {}
}
