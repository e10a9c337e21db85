import HapticsModel
import HapticsPlayback
import Synchronization

/// The driver of `hapticsd --driver record` and `--driver stdout`: one line per frame on
/// standard output (as `StdoutDriver` writes them), each frame's time and length in whole milliseconds
/// from the daemon's start (an engine made later counts its frames from its own start, plus
/// `offset`), and a stop line only when a frame was written since the last one,
/// so that stopping motors that never ran (on exit, after a stop) prints nothing.
final class DaemonLineDriver: HapticDriver {
    private let lines: StdoutDriver
    private let hasRun = Atomic<Bool>(false)
    private let offset: Duration

    /// A driver writing `format` lines to `write` (standard output unless told otherwise), for
    /// an engine started `offset` after the daemon.
    init(format: FrameFormat, offset: Duration = .zero, write: (@Sendable (String) -> Void)? = nil) {
        lines = write.map { StdoutDriver(format: format, write: $0) } ?? StdoutDriver(format: format)
        self.offset = offset
    }

    /// Nothing to get ready.
    func prepare() {}

    /// Writes the frame's line, its start and end rounded to the millisecond (so that frames
    /// that follow one another still do).
    func apply(_ frame: RumbleFrame) {
        let start = (offset + frame.start).inMilliseconds.rounded()
        let end = (offset + frame.start + frame.duration).inMilliseconds.rounded()
        var whole = frame
        whole.start = .milliseconds(Int64(start))
        whole.duration = .milliseconds(Int64(end - start))
        hasRun.store(true, ordering: .relaxed)
        lines.apply(whole)
    }

    /// Writes a stop line, unless no frame was written since the last one.
    func stop() {
        guard hasRun.exchange(false, ordering: .relaxed) else { return }
        lines.stop()
    }

    /// Nothing to release.
    func close() {}
}
