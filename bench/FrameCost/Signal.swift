import Glibc

/// A one-shot signal a thread can block on until a task raises it.
final class Signal: @unchecked Sendable {
    private var semaphore = sem_t()

    init() {
        sem_init(&semaphore, 0, 0)
    }

    deinit {
        sem_destroy(&semaphore)
    }

    /// Lets the waiter go.
    func raise() {
        sem_post(&semaphore)
    }

    /// Blocks until `raise` has been called.
    func wait() {
        while sem_wait(&semaphore) != 0, errno == EINTR {}
    }
}
