import Glibc
import Haptics
import HapticsEvdev
import VirtualDevices

/// The Haptics contender, run as a child process like the others (`--play FRAMES NODE`): it
/// plays the frame file on one node as an app would, with the evdev driver and the
/// precision clock, and waits for the end.
enum HapticsContender {
    /// Plays the frames of `path` on `node`; returns the exit status (0 when it played to
    /// the end), after one line saying what it did.
    static func play(frames path: String, node: String) async -> Int32 {
        do {
            let track = RumbleTrack(frames: try FrameFile.read(path))
            let engine = HapticEngine(driver: EvdevDriver(selection: .path(node)))
            // As the README advises an app: open the device before it matters.
            try await engine.start()
            let ready = ProcessCPU.now
            let start = Monotonic.now
            let outcome = await engine.play(track).finished()
            let wall = Monotonic.now - start
            await engine.close()
            if case .failed(let error)? = outcome { throw error }
            print(
                "haptics: \(track.frames.count) frames in \(Int(wall.inMilliseconds)) ms, cpu \(ProcessCPU.now.text), of which \(ready.text) before the first frame"
            )
            return 0
        } catch {
            print("haptics: \(error)")
            return 1
        }
    }
}
