import Glibc
import Haptics

/// The frame file both sides of the per-frame cost benchmark read, so they play the very same
/// frames: one line per frame, `start_ms,duration_ms,strong,weak` (the side-by-side
/// benchmark's format), levels written so that they read back exactly.
enum FrameList {
    /// Writes `frames` to `path`, replacing it.
    static func write(_ frames: [RumbleFrame], to path: String) throws(FrameCost.Failure) {
        let text = frames.map { "\(Int64($0.start.inMilliseconds)),\(Int64($0.duration.inMilliseconds)),\($0.strong),\($0.weak)\n" }
            .joined()
        guard let file = fopen(path, "w") else { throw FrameCost.Failure(description: "cannot create \(path)") }
        defer { fclose(file) }
        guard fputs(text, file) >= 0 else { throw FrameCost.Failure(description: "cannot write \(path)") }
    }
}
