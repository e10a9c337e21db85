import Glibc

/// Writes text to a file descriptor for the stdout driver and the command line: unbuffered,
/// all of it, retrying after interruptions; a descriptor that fails is given up on.
package enum FileWriter {
    /// Writes all of `text` to `descriptor`.
    package static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            guard var base = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = Glibc.write(descriptor, base, left)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                base += written
                left -= written
            }
        }
    }

    /// Replaces the file at `path` with `text` (created with mode 0644 when absent); on
    /// failure, the errno of the call that failed.
    package static func replaceFile(atPath path: String, with text: String) throws(FileWriteError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileWriteError(errno: errno) }
        var failure: Int32?
        var text = text
        text.withUTF8 { bytes in
            guard var base = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = Glibc.write(fd, base, left)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else {
                    failure = written < 0 ? errno : EIO
                    return
                }
                base += written
                left -= written
            }
        }
        if close(fd) != 0, failure == nil { failure = errno }
        if let failure { throw FileWriteError(errno: failure) }
    }
}
