import Glibc

/// Reads whole files for the loaders (and for trace files), refusing files over a size limit
/// before reading them.
package enum FileReader {
    /// The outcome of a read that did not return bytes.
    package enum Failure: Error {
        /// `open`, `fstat` or `read` (the operation) failed with this errno.
        case system(operation: String, errno: Errno)
        /// The file holds more than the limit; `size` is its length in bytes.
        case tooLarge(size: Int)
    }

    /// The file's bytes, or why they could not be had.
    package static func bytes(atPath path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd: Int32
        do {
            fd = try Errno.value { open(path, O_RDONLY | O_CLOEXEC) }
        } catch {
            throw .system(operation: "open", errno: error)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(operation: "fstat", errno: .current) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { throw .system(operation: "open", errno: .isDirectory) }
        guard info.st_size <= limit else { throw .tooLarge(size: Int(info.st_size)) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count: Int
            do {
                count = try Errno.value { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            } catch {
                throw .system(operation: "read", errno: error)
            }
            if count == 0 { return result }
            result.append(contentsOf: chunk[0..<count])
            guard result.count <= limit else { throw .tooLarge(size: result.count) }
        }
    }
}
