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
}
