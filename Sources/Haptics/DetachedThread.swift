import Glibc

/// Starts a detached thread running `body`: the package's timer threads (`TimerThread`,
/// `PrecisionClock.Timer`). A system that refuses a thread stops the process with `what` and
/// the reason: a player without its timer would never play.
func startDetachedThread(_ what: String, running body: @escaping @Sendable () -> Void) {
    final class Body: Sendable {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, nil, { context in
        guard let context else { return nil }
        Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }, context)
    precondition(status == 0, "cannot start \(what): \(Errno(status))")
    pthread_detach(thread)
}
