import Glibc
import Synchronization

/// Keeps one core busy with a spinning thread, as "the other core kept busy".
final class BusyCore: Sendable {
    private let running = Atomic<Bool>(true)

    /// Starts spinning on a new thread.
    init() {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                let core = Unmanaged<BusyCore>.fromOpaque(context).takeRetainedValue()
                var counter: UInt64 = 0
                while core.running.load(ordering: .relaxed) { counter &+= 1 }
                return UnsafeMutableRawPointer(bitPattern: UInt(counter | 1))
            }, context)
        pthread_detach(thread)
    }

    /// Stops spinning.
    func stop() {
        running.store(false, ordering: .relaxed)
    }
}
