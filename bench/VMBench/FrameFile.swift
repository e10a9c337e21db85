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

    /// Reads the frames of `path`. The numbers are read in place with `strtod`, as the C
    /// player's `fscanf` does, so that reading the file costs Haptics' process no more than
    /// it costs the C program's (splitting strings costs thousands of instructions a line,
    /// which under emulation shows in the CPU time compared).
    static func read(_ path: String) throws -> [RumbleFrame] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BenchError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes: [CChar] = []
        var buffer = [CChar](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { text throws -> [RumbleFrame] in
            guard var cursor = text.baseAddress else { return [] }
            var frames: [RumbleFrame] = []
            while cursor.pointee != 0 {
                var fields: (Double, Double, Double, Double) = (0, 0, 0, 0)
                for index in 0..<4 {
                    var end: UnsafeMutablePointer<CChar>?
                    let value = strtod(cursor, &end)
                    let separator: CChar = index < 3 ? 0x2C : 0x0A
                    guard let end, UnsafePointer(end) != cursor, end.pointee == separator || (index == 3 && end.pointee == 0) else {
                        throw BenchError("\(path):\(frames.count + 1): expected start_ms,duration_ms,strong,weak")
                    }
                    switch index {
                    case 0: fields.0 = value
                    case 1: fields.1 = value
                    case 2: fields.2 = value
                    default: fields.3 = value
                    }
                    cursor = UnsafePointer(end.pointee == 0 ? end : end + 1)
                }
                // Whole milliseconds, as written: their `Duration` is an inlined multiplication,
                // where one from a `Double` is a call converting through 128 bits.
                guard let start = Int64(exactly: fields.0), let duration = Int64(exactly: fields.1) else {
                    throw BenchError("\(path):\(frames.count + 1): expected whole milliseconds")
                }
                frames.append(RumbleFrame(start: .milliseconds(start), duration: .milliseconds(duration), strong: fields.2, weak: fields.3))
            }
            return frames
        }
    }

    /// A duration in whole milliseconds, as the file holds it.
    private static func milliseconds(_ duration: Duration) -> Int64 {
        Int64(duration.inMilliseconds.rounded())
    }
}
