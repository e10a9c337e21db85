import Glibc
import Haptics

// `haptics-frame-cost FRAMES play|load`: the Haptics side of the per-frame cost benchmark,
// run under callgrind by haptics-bench (see its FrameCost). Reads the frames, makes the
// track and an engine on a manual clock driving `DevNullEvdevDriver`, and with `play` plays
// the track to its end; `load` stops before playing, so the difference is the playing alone.
// Prints `ROLE N frames` when done.
//
// The main thread is not an async main: valgrind 3.19 crashes on the Swift runtime's
// `dispatch_main`, so the playing runs in a task while the main thread waits for it.
let arguments = CommandLine.arguments
guard arguments.count == 3, arguments[2] == "play" || arguments[2] == "load" else {
    print("usage: haptics-frame-cost FRAMES play|load")
    exit(2)
}
let frames: [RumbleFrame]
do {
    frames = try FrameReader.read(arguments[1])
} catch {
    print("haptics-frame-cost: \(error)")
    exit(1)
}
let track = RumbleTrack(frames: frames)
let clock = ManualClock()
let engine = HapticEngine(driver: DevNullEvdevDriver(), clock: clock)
engine.prepare()
if arguments[2] == "play" {
    let done = Signal()
    Task.detached {
        engine.play(track)
        // Time steps through every deadline of the track; each frame is sent during the step.
        await clock.run()
        done.raise()
    }
    done.wait()
}
print("\(arguments[2]) \(track.frames.count) frames")
