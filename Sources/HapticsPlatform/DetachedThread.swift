import Glibc

/// Starts a detached thread named `name` (what `top -H` and `/proc/<pid>/task/*/comm` show; at
/// most 15 bytes) running `body`: the package's timer threads (`TimerThread`,
/// `PrecisionClock.Timer`) and input readers (`AxisReader`). A system that refuses a thread
/// stops the process with the name and the reason: a player without its timer would never play.
package func startDetachedThread(named name: String, running body: @escaping @Sendable () -> Void) {
    final class Body: Sendable {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }
    let context = Unmanaged.passRetained(
        Body {
            nameThisThread(name)
            body()
        }
    ).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
        &thread, nil,
        { context in
            guard let context else { return nil }
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
    precondition(status == 0, "cannot start the thread \(name): \(Errno(status))")
    pthread_detach(thread)
}

/// Names the calling thread, through `/proc/thread-self/comm` (Swift cannot call the variadic
/// `prctl`, and glibc hides `pthread_setname_np` behind `_GNU_SOURCE`). A thread otherwise
/// keeps the name of the one that started it. Where `/proc` is not mounted it stays unnamed.
private func nameThisThread(_ name: String) {
    let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard file >= 0 else { return }
    defer { close(file) }
    var bytes = Array(name.utf8)
    _ = write(file, &bytes, bytes.count)
}
