import Glibc
import Haptics

/// Reads the frame file haptics-bench writes for the per-frame cost benchmark: one line per
/// frame, `start_ms,duration_ms,strong,weak`.
enum FrameReader {
    /// A file that cannot be read, or a line that is not a frame.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The frames of `path`.
    static func read(_ path: String) throws(Failure) -> [RumbleFrame] {
        guard let file = fopen(path, "r") else { throw Failure(description: "cannot open \(path)") }
        defer { fclose(file) }
        var frames: [RumbleFrame] = []
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let fields = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .split(whereSeparator: { $0 == "," || $0 == "\n" }).compactMap { Double($0) }
            guard fields.count == 4 else {
                throw Failure(description: "\(path):\(frames.count + 1): expected start_ms,duration_ms,strong,weak")
            }
            frames.append(
                RumbleFrame(start: .milliseconds(fields[0]), duration: .milliseconds(fields[1]), strong: fields[2], weak: fields[3]))
        }
        return frames
    }
}
