import Glibc

/// Writes text to a file descriptor for the stdout driver and the command line: unbuffered,
/// all of it, retrying after interruptions; a descriptor that fails is given up on.
package enum FileWriter {
    /// Standard output's descriptor, `STDOUT_FILENO`.
    package static let standardOutput = STDOUT_FILENO

    /// Writes all of `text` to `descriptor`.
    package static func write(_ text: String, to descriptor: Int32) {
        try? writeAll(text, to: descriptor)
    }

    /// Writes all of `bytes` to `descriptor`.
    package static func write(bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            do throws(Errno) {
                try writeAll(buffer, to: descriptor)
            } catch {
                return
            }
        }
    }

    /// Replaces the file at `path` with `text` (created with mode 0644 when absent); on
    /// failure, the call that failed and its errno.
    package static func replaceFile(atPath path: String, with text: String) throws(FileWriteError) {
        let fd: Int32
        do {
            fd = try Errno.value { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        } catch {
            throw FileWriteError(operation: "open", errno: error)
        }
        var failure: FileWriteError?
        do {
            try writeAll(text, to: fd)
        } catch {
            failure = FileWriteError(operation: "write", errno: error)
        }
        if close(fd) != 0, failure == nil { failure = FileWriteError(operation: "close", errno: .current) }
        if let failure { throw failure }
    }

    /// Writes every byte of `text`.
    private static func writeAll(_ text: String, to descriptor: Int32) throws(Errno) {
        var text = text
        let failure = text.withUTF8 { bytes -> Errno? in
            do throws(Errno) {
                try writeAll(UnsafeRawBufferPointer(bytes), to: descriptor)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Writes every byte of `bytes`; a write that writes nothing counts as `EIO`.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(Errno) {
        guard var base = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = try Errno.value { Glibc.write(descriptor, base, left) }
            guard written > 0 else { throw .inputOutput }
            base += written
            left -= written
        }
    }
}
