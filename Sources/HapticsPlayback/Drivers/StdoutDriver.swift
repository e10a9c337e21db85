public import HapticsModel
import HapticsPlatform

/// A driver that writes each frame as a line, so a person (or a script) sees the waveform:
/// in `text`, the time, both levels with a bar of block characters, and the duration; in
/// `json`, one object per line.
public struct StdoutDriver: HapticDriver {
    /// The line format.
    public let format: FrameFormat
    /// Writes one line (without its newline) where the frames go: for a driver that writes
    /// other lines there in its place (what a trigger plays, say).
    public let write: @Sendable (String) -> Void

    /// Creates a driver writing to standard output, unbuffered, one line per call.
    public init(format: FrameFormat = .text) {
        self.init(format: format) { FileWriter.write($0 + "\n", to: FileWriter.standardOutput) }
    }

    /// Creates a driver handing each line (without its newline) to `write`.
    public init(format: FrameFormat = .text, write: @escaping @Sendable (String) -> Void) {
        self.format = format
        self.write = write
    }

    /// Nothing to get ready.
    public func prepare() {}

    /// Writes the frame's line.
    public func apply(_ frame: RumbleFrame) {
        write(format.line(for: frame))
    }

    /// Writes a stop line.
    public func stop() {
        write(format == .json ? "{\"stop\":true}" : "   stop")
    }

    /// Nothing to release.
    public func close() {}
}
