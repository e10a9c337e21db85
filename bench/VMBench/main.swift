import Glibc
import Haptics
import VirtualDevices

// The side-by-side benchmark, run as root in the VM by scripts/bench-vm.sh: the same track
// played on one virtual pad by Haptics, by a plain C program (the yardstick: the least a
// program can do), by an SDL2 program and by a python-evdev program, timed by the pad itself.
//
// The method, so that the comparison is fair:
// - One pad for all, created once; its log is cleared before each program. It answers in
//   real time (VirtualGamepad's `answeringInRealTime`), as hardware does: an upload request
//   reaches it at once, not at the fair scheduler's choice. The guest keeps its tick running
//   while idle (scripts/bench-vm.sh says why).
// - One frame file for all: the first seconds (20 by default) of a corpus AHAP file rendered
//   at 10 ms, levels rounded to whole 16-bit magnitudes, so every program sends the same
//   values at the same scheduled times. Each program is its own process, started the same
//   way, opening the pad itself: Haptics too (this binary in its `--play` role), not an
//   in-process call. The others sleep until each frame's absolute deadline (the C program
//   with clock_nanosleep's TIMER_ABSTIME; SDL2 and Python with SDL_Delay and time.sleep for
//   the time left), not a fixed 10 ms per frame, which drifts: they are measured at their best.
// - A warm-up first: each program plays the first 2 s, unmeasured. It fails fast on a
//   broken set-up, and the measured runs start on a guest that has settled after boot.
// - Then every program plays the track in alternating rounds (Haptics, C, SDL2, python-evdev,
//   Haptics, C, ...; 5 rounds by default), and each is judged on its median run. On the
//   instruction clock (`--clock instructions`, scripts/bench-vm.sh's verdict) the guest's time
//   is its instruction count, out of the host's reach: every run of a program costs the same
//   CPU time, and has the same p99 to a few hundredths of a microsecond. In real time
//   a slow stretch of the guest's or the host's falls on all alike: CPU time varies by 10 to
//   30 % from one run to the next (emulation and the host's noise), more than the 1.3
//   target's margin, and the p99 error more: the host alone (no emulation) wakes a thread
//   1 ms late or more about ten times in 2,000 sleeps, so the p99 of one run, its 20th worst
//   frame, is about where those stalls begin, and a run the host disturbs has a hundred such
//   frames. Of five runs, two may be disturbed without moving the median (the p99 over all
//   frames together, reported beside it, is carried by one). Timing error is
//   measured where it matters, at the device (see DeviceTiming); CPU time is the kernel's
//   account of the whole process (wait4), start-up included, as a user would pay it, and also
//   without what the program says it used before its first frame (the playing alone, the
//   per-frame cost).
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--play", arguments.count == 3 {
    // Started as `haptics` starts its commands (Sources/haptics/main.swift): in a task, from a
    // main that is not async, whose exit would cost a static executable tens of milliseconds.
    Task.detached { exit(await HapticsContender.play(frames: arguments[1], node: arguments[2])) }
    while true { pause() }
}

/// The contenders, Haptics first (the ratios are Haptics ÷ each other one), with Haptics'
/// targets (BENCHMARKS.md): within 1.2 times the plain C player's p99 error and 1.3 times its
/// CPU time, at or below SDL2's and python-evdev's, in the order they play each round.
func contenders(_ options: Options) -> [Contender] {
    let haptics = CommandLine.arguments[0]
    return [
        Contender(name: "Haptics") { frames, node in [haptics, "--play", frames, node] },
        Contender(name: "plain C", target: (p99: 1.2, cpu: 1.3)) { frames, node in [options.cPlayer, node, frames] },
        Contender(name: "SDL2", target: (p99: 1, cpu: 1)) { frames, _ in [options.sdlPlayer, frames] },
        Contender(name: "python-evdev", target: (p99: 1, cpu: 1)) { frames, node in [options.python, options.evdevPlayer, node, frames] },
    ]
}

var status: Int32 = 1
do {
    let options = try Options(arguments)
    let track = try BenchTrack.make(from: options.ahap, seconds: options.seconds)
    let framesPath = "/tmp/side-by-side-frames.csv"
    let warmUpPath = "/tmp/side-by-side-warm-up.csv"
    try FrameFile.write(track.frames, to: framesPath)
    try FrameFile.write(track.frames.filter { $0.start < .seconds(2) }, to: warmUpPath)
    // The guest has no udev: SDL must find the pad by scanning /dev/input, and need not
    // look for HIDAPI devices (there are none).
    setenv("SDL_JOYSTICK_DISABLE_UDEV", "1", 1)
    setenv("SDL_JOYSTICK_HIDAPI", "0", 1)
    let pad = try VirtualGamepad(name: "Haptics Bench Pad", answeringInRealTime: true)
    defer { pad.destroy() }

    let contenders = contenders(options)
    for contender in contenders {
        print("warm-up: \(contender.name) ...")
        let run = try contender.run(frames: warmUpPath, on: pad)
        guard run.status == 0 else { throw BenchError("\(contender.name) failed its warm-up (exit \(run.status)):\n\(run.output)") }
    }
    var entries: [SideBySideReport.Entry] = []
    func measure(_ contender: Contender, round: Int) throws {
        print("playing \(options.seconds) s: \(contender.name), round \(round) ...")
        let run = try contender.run(frames: framesPath, on: pad)
        entries.append(
            SideBySideReport.Entry(
                name: contender.name, round: round, target: contender.target, run: run,
                timing: DeviceTiming(track: track, records: run.records)))
    }
    for round in 1...options.rounds {
        for contender in contenders { try measure(contender, round: round) }
    }
    print(
        SideBySideReport(
            file: String(options.ahap.split(separator: "/").last ?? ""), seconds: options.seconds,
            rounds: options.rounds, clock: options.clock, kernelCommandLine: KernelCommandLine.read(), track: track,
            entries: entries
        ).text)
    let failed = entries.filter { $0.run.status != 0 || $0.timing.matched == 0 }
    for entry in failed {
        print(
            "\(entry.name), round \(entry.round), failed (exit \(entry.run.status), \(entry.timing.matched) frames matched):\n\(entry.run.output)"
        )
    }
    status = failed.isEmpty ? 0 : 1
} catch {
    print("haptics-vm-bench: \(error)")
}
exit(status)
