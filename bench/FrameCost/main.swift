import Glibc
import Haptics
import HapticsTesting

// `haptics-frame-cost FRAMES play|load [manual|precision]`: the Haptics side of the per-frame
// cost benchmark, run under callgrind by haptics-bench (see its FrameCost). Reads the frames,
// makes the track and an engine driving `DevNullEvdevDriver`, and with `play` plays the track
// to its end in a task; `load` runs the same task without playing, so the difference is the
// playing alone (not the concurrency runtime's start-up, paid by the first task). Prints
// `ROLE N frames` when done.
// - `manual` (the default): on a `ManualClock` run through every deadline (`await clock.run()`),
//   so the count is the player's and the driver's work per frame, without any waiting.
// - `precision`: on `PrecisionClock`, in real time, as a device plays: the timer thread's work
//   per frame is counted too.
//
// The main thread is not an async main: valgrind 3.19 crashes on the Swift runtime's
// `dispatch_main`, so the playing runs in a task while the main thread waits for it.
let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4, ["play", "load"].contains(arguments[2]),
    arguments.count == 3 || ["manual", "precision"].contains(arguments[3])
else {
    print("usage: haptics-frame-cost FRAMES play|load [manual|precision]")
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
let playing = arguments[2] == "play"
let done = Signal()
if arguments.count == 4, arguments[3] == "precision" {
    let engine = HapticEngine(driver: DevNullEvdevDriver())
    engine.prepare()
    Task.detached {
        if playing { _ = await engine.play(track).finished() }
        done.raise()
    }
    done.wait()
} else {
    let clock = ManualClock()
    let engine = HapticEngine(driver: DevNullEvdevDriver(), clock: clock)
    engine.prepare()
    Task.detached {
        if playing {
            engine.play(track)
            // Time steps through every deadline of the track; each frame is sent during the step.
            await clock.run()
        }
        done.raise()
    }
    done.wait()
}
print("\(arguments[2]) \(track.frames.count) frames")
