import Glibc

/// Runs a blocking loop on its own POSIX thread: the device side of a virtual gamepad must
/// answer the kernel while the driver under test blocks in an ioctl.
public enum BackgroundThread {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Starts `body` on a new detached thread: scheduled as any other thread, or, given a
    /// `realTimePriority` (1 to 99), under `SCHED_FIFO` at that priority from its first
    /// instruction, which needs root (or `CAP_SYS_NICE`).
    public static func start(realTimePriority: Int32? = nil, _ body: @escaping @Sendable () -> Void) throws(VirtualDeviceError) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let realTimePriority {
            var parameters = sched_param(sched_priority: realTimePriority)
            pthread_attr_setinheritsched(&attributes, Int32(PTHREAD_EXPLICIT_SCHED))
            pthread_attr_setschedpolicy(&attributes, SCHED_FIFO)
            pthread_attr_setschedparam(&attributes, &parameters)
        }
        let context = Unmanaged.passRetained(Box(body))
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { context in
                guard let context else { return nil }
                let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
                box.body()
                return nil
            }, context.toOpaque())
        guard status == 0 else {
            context.release()
            let policy = realTimePriority.map { " at SCHED_FIFO priority \($0) (run as root)" } ?? ""
            throw VirtualDeviceError("cannot start a thread\(policy): \(String(cString: strerror(status)))")
        }
        pthread_detach(thread)
    }
}
