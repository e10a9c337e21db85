import Glibc

/// The message `haptics_last_error` returns: each thread's own, kept as a C string in
/// thread-specific storage (freed when the thread ends), so that no thread sees another's
/// error and the pointer stays valid until the thread's next failing call.
enum LastError {
    /// The thread-specific key, made once.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    /// What a thread that has seen no error gets.
    nonisolated(unsafe) private static let none: UnsafePointer<CChar> = UnsafePointer(strdup("")!)

    /// Records `message` as this thread's last error.
    static func set(_ message: String) {
        let old = pthread_getspecific(key)
        pthread_setspecific(key, strdup(message))
        free(old)
    }

    /// This thread's last error, or an empty string.
    static var current: UnsafePointer<CChar> {
        guard let message = pthread_getspecific(key) else { return none }
        return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
    }
}
