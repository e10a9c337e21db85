import Glibc

/// Reads whole files for the loaders (and the CLI's trace files), refusing files over a size
/// limit before reading them.
package enum FileReader {
    /// The outcome of a read that did not return bytes.
    package enum Failure: Error {
        /// `open`, `fstat` or `read` failed with this errno.
        case system(errno: Int32)
        /// The file holds more than the limit; `size` is its length in bytes.
        case tooLarge(size: Int)
    }

    /// The file's bytes, or why they could not be had.
    package static func bytes(atPath path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .system(errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(errno: errno) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { throw .system(errno: EISDIR) }
        guard info.st_size <= limit else { throw .tooLarge(size: Int(info.st_size)) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno: errno)
            }
            if count == 0 { return result }
            result.append(contentsOf: chunk[0..<count])
            guard result.count <= limit else { throw .tooLarge(size: result.count) }
        }
    }

    /// The system's message for an errno, e.g. "No such file or directory".
    package static func message(for code: Int32) -> String {
        String(cString: strerror(code))
    }
}
