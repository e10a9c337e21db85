import Glibc
import Haptics

/// Instructions per frame, counted by callgrind: Haptics playing a track of distinct frames
/// through a driver making the evdev driver's system calls on /dev/null (bench/FrameCost), against `bench/frame_cost_loop.c` making the same system calls
/// for the same frames.
///
/// Each side runs twice under `valgrind --tool=callgrind`, once playing (`play`) and once doing
/// everything but (`load`: reading the frames, building the track and the engine); the
/// difference over the frame count is the cost per frame, start-up and loading excluded.
/// Haptics plays through the public engine on a `ManualClock` that is advanced through the
/// whole track, so the count is the player's and driver's work per frame without any waiting.
enum FrameCost {
    /// The figures of one measurement: instructions per frame of both sides.
    struct Result {
        /// Haptics on a manual clock.
        let haptics: Double
        /// Haptics on `PrecisionClock`, its timer thread included.
        let hapticsRealTime: Double
        /// The plain C loop.
        let c: Double
        /// Where the callgrind profile of Haptics' `play` run was kept.
        let profile: String
    }

    /// Why the measurement could not run or failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A track of `count` 10 ms frames whose levels change every frame (so none merge), levels
    /// being whole 16-bit magnitudes so that both sides send exactly the same values.
    static func frames(_ count: Int) -> [RumbleFrame] {
        (0..<count).map { (index: Int) -> RumbleFrame in
            let strong: Int = 1000 + index * 7919 % 64000
            let weak: Int = 500 + index * 104_729 % 64000
            return RumbleFrame(
                start: .milliseconds(10 * index), duration: .milliseconds(10),
                strong: Double(strong) / 65535, weak: Double(weak) / 65535)
        }
    }

    /// Measures over `count` frames on a manual clock, and over `realTimeCount` frames on
    /// `PrecisionClock` (in real time: 10 ms a frame); `haptics` is the built
    /// `haptics-frame-cost` (bench/FrameCost), `cLoop` the built `frame_cost_loop`,
    /// `directory` where the files go.
    static func measure(count: Int, realTimeCount: Int, haptics: String, cLoop: String, directory: String) throws(Failure) -> Result {
        guard system("valgrind --version >/dev/null 2>&1") == 0 else {
            throw Failure(description: "valgrind is not installed (apt-get install valgrind)")
        }
        let framesPath = "\(directory)/frame-cost-frames.csv"
        let realTimePath = "\(directory)/frame-cost-real-time-frames.csv"
        try FrameList.write(frames(count), to: framesPath)
        try FrameList.write(frames(realTimeCount), to: realTimePath)
        defer {
            unlink(framesPath)
            unlink(realTimePath)
        }
        let profile = "\(directory)/frame-cost-haptics.callgrind"
        /// Instructions per frame: playing minus loading, over the frame count.
        func perFrame(_ command: [String], _ frames: Int, keeping out: String = "/dev/null") throws(Failure) -> Double {
            let play = try callgrind(command.replacing(["ROLE"], with: ["play"]), out: out, expecting: "play \(frames) frames")
            let load = try callgrind(command.replacing(["ROLE"], with: ["load"]), out: "/dev/null", expecting: "load \(frames) frames")
            return Double(play - load) / Double(frames)
        }
        return Result(
            haptics: try perFrame([haptics, framesPath, "ROLE", "manual"], count, keeping: profile),
            hapticsRealTime: try perFrame([haptics, realTimePath, "ROLE", "precision"], realTimeCount),
            c: try perFrame([cLoop, framesPath, "ROLE"], count),
            profile: profile
        )
    }

    /// The instructions callgrind counted for `command`, whose output must contain
    /// `expected`; its profile goes to `out`.
    private static func callgrind(_ command: [String], out: String, expecting expected: String) throws(Failure) -> Int {
        let line = (["valgrind", "--tool=callgrind", "--callgrind-out-file=\(out)"] + command).map(quoted).joined(separator: " ")
        guard let pipe = popen(line + " 2>&1", "r") else { throw Failure(description: "cannot run \(line)") }
        var output = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), pipe) != nil {
            output += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let status = pclose(pipe)
        let collected = output.split(separator: "\n").first { $0.contains("Collected :") }
            .flatMap { $0.split(separator: " ").last }
            .flatMap { Int($0) }
        guard status == 0, output.contains(expected), let collected else {
            throw Failure(description: "\(line) failed (status \(status)):\n\(output)")
        }
        return collected
    }

    /// `text` as one word for the shell.
    private static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
