import Glibc
import Haptics

/// The frame list every contender reads, so all play the very same frames: one line per
/// frame, `start_ms,duration_ms,strong,weak`, times in whole milliseconds (the renderer's
/// step is 10 ms), levels 0...1 written so that they read back exactly.
enum FrameFile {
    /// Writes `frames` to `path`, replacing it.
    static func write(_ frames: [RumbleFrame], to path: String) throws {
        let text = frames.map { frame in
            "\(milliseconds(frame.start)),\(milliseconds(frame.duration)),\(frame.strong),\(frame.weak)\n"
        }.joined()
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw BenchError("cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw BenchError("cannot write \(path): \(String(cString: strerror(errno)))") }
            written += count
        }
    }

    /// Reads the frames of `path`.
    static func read(_ path: String) throws -> [RumbleFrame] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BenchError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return try String(decoding: bytes, as: UTF8.self).split(separator: "\n").enumerated().map { index, line in
            let fields = line.split(separator: ",").compactMap { Double($0) }
            guard fields.count == 4 else { throw BenchError("\(path):\(index + 1): expected start_ms,duration_ms,strong,weak") }
            return RumbleFrame(start: .milliseconds(fields[0]), duration: .milliseconds(fields[1]), strong: fields[2], weak: fields[3])
        }
    }

    /// A duration in whole milliseconds, as the file holds it.
    private static func milliseconds(_ duration: Duration) -> Int64 {
        Int64(duration.inMilliseconds.rounded())
    }
}
