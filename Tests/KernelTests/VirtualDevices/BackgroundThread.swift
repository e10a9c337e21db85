import Glibc

/// Runs a blocking loop on its own POSIX thread: the device side of a virtual gamepad must
/// answer the kernel while the driver under test blocks in an ioctl.
public enum BackgroundThread {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Starts `body` on a new detached thread.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
            box.body()
            return nil
        }, context)
        precondition(status == 0, "pthread_create failed: \(status)")
        pthread_detach(thread)
    }
}
