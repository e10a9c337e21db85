import CSDBus
import Glibc
import Synchronization

/// Work handed to the loop thread from other threads (a playback's end, a device plugged in),
/// with an eventfd that `poll` watches: posting wakes the loop, which then takes everything.
final class Mailbox<Work: Sendable>: Sendable {
    private let queue = Mutex<[Work]>([])
    /// The eventfd the loop polls.
    let fileDescriptor: Int32

    /// Creates the eventfd; wraps `eventfd`.
    init() throws(BusError) {
        let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else { throw BusError("creating the wake-up eventfd", result: -errno) }
        fileDescriptor = fd
    }

    deinit {
        Glibc.close(fileDescriptor)
    }

    /// Queues `work` and wakes the loop. Any thread.
    func post(_ work: Work) {
        queue.withLock { $0.append(work) }
        var one: UInt64 = 1
        _ = Glibc.write(fileDescriptor, &one, 8)
    }

    /// Everything queued, oldest first; clears the eventfd. The loop thread.
    func take() -> [Work] {
        var count: UInt64 = 0
        _ = Glibc.read(fileDescriptor, &count, 8)
        return queue.withLock { queue in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
    }
}
