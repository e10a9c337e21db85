import CBenchSupport
import Glibc
import Haptics
import VirtualDevices

// The pull latency benchmark, run as root in the VM by scripts/bench-latency-vm.sh: the delay
// a person feels between pulling a trigger past the pull-to-refresh threshold and the pad's
// impact, measured on the device side, for `haptics demo --input PAD --driver evdev --device
// PAD` (on a terminal, as a person runs it) and for a plain C program reading the same event
// and uploading the same effect (bench/c_pull_player.c).
//
// The method:
// - One uinput pad for both, answering in real time as hardware does (VirtualGamepad's
//   `answeringInRealTime`). Its device side moves the right trigger (ABS_RZ) and stamps, on
//   the monotonic clock, the moment it reads the kernel's upload request.
// - A trial: the trigger rests below the threshold (100 of 255: 35 of the demo's 90 points,
//   the threshold being 54), the program settles, then one write moves it past the threshold
//   (200: 71 points) and the delay runs from just before that write to the device side's
//   reading of the upload of the light impact; then the trigger goes back below and the next
//   trial waits until the impact has ended.
// - Both programs run in alternating rounds (Haptics, C, Haptics, ...), each started afresh,
//   with a few unmeasured trials first; all the trials of a program together give its p50 and
//   p99 (nearest rank).
// Prints one table and a line "@@PULL-LATENCY {json}@@" for the script.
struct Options {
    let haptics: String
    let cPlayer: String
    let trials: Int
    let rounds: Int

    init(_ arguments: [String]) throws {
        func value(_ flag: String) throws -> String {
            guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else {
                throw VirtualDeviceError(
                    "missing \(flag) (usage: haptics-pull-latency --haptics PATH --c-player PATH [--trials N] [--rounds N])")
            }
            return arguments[index + 1]
        }
        haptics = try value("--haptics")
        cPlayer = try value("--c-player")
        trials = arguments.contains("--trials") ? Int(try value("--trials")) ?? 0 : 100
        rounds = arguments.contains("--rounds") ? Int(try value("--rounds")) ?? 0 : 3
        guard trials > 0, rounds > 0 else { throw VirtualDeviceError("--trials and --rounds take whole numbers, at least 1") }
    }
}

/// One program under test, started on the pad and stopped again.
protocol Contender {
    var name: String { get }
    /// Starts the program; returns once it has the pad open and its effect uploaded.
    func start(on pad: VirtualGamepad) throws -> any RunningContender
}

/// A started program.
protocol RunningContender {
    /// Stops it; its exit status and output.
    func stop() -> (status: Int32, output: String)
}

struct HapticsDemo: Contender {
    let path: String
    var name: String { "haptics demo --input" }

    func start(on pad: VirtualGamepad) throws -> any RunningContender {
        let demo = try TerminalProcess(path, ["demo", "--input", pad.node, "--driver", "evdev", "--device", pad.node])
        guard demo.wait(for: "haptics demo: pull to refresh") else {
            demo.type("q")
            throw VirtualDeviceError("haptics demo did not draw its screen:\n\(demo.finish().output)")
        }
        return Running(demo: demo)
    }

    struct Running: RunningContender {
        let demo: TerminalProcess
        func stop() -> (status: Int32, output: String) {
            demo.type("q")
            return demo.finish()
        }
    }
}

struct PlainC: Contender {
    let path: String
    let effect: (strong: UInt16, weak: UInt16, length: UInt16)
    var name: String { "plain C" }

    func start(on pad: VirtualGamepad) throws -> any RunningContender {
        let process = try ChildProcess(path, [pad.node, "\(effect.strong)", "\(effect.weak)", "\(effect.length)"])
        guard pad.wait(for: { if case .upload = $0 { true } else { false } }) else {
            process.kill(SIGTERM)
            throw VirtualDeviceError("the C program uploaded nothing:\n\(process.finish().output)")
        }
        return Running(process: process)
    }

    struct Running: RunningContender {
        let process: ChildProcess
        func stop() -> (status: Int32, output: String) {
            process.kill(SIGTERM)
            return process.finish()
        }
    }
}

/// The delays of `count` threshold crossings, in nanoseconds.
func crossings(_ count: Int, on pad: VirtualGamepad, strong: UInt16) throws -> [Int64] {
    var delays: [Int64] = []
    for _ in 0..<count {
        pad.emit(axis: ABS_RZ, value: 100)
        usleep(30_000)
        pad.reset()
        let before = Monotonic.now
        pad.emit(axis: ABS_RZ, value: 200)
        let isImpact: (VirtualGamepad.Record) -> Bool = { if case .upload(_, _, strong, _, _) = $0 { true } else { false } }
        guard pad.wait(for: isImpact), let upload = pad.records.first(where: { isImpact($0.record) }) else {
            throw VirtualDeviceError("no impact reached the pad after the threshold: \(pad.records.map(\.record))")
        }
        let delay = upload.at - before
        delays.append(delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000)
        usleep(100_000)
    }
    return delays
}

func percentile(_ sorted: [Int64], _ fraction: Double) -> Int64 {
    sorted[min(max(Int((fraction * Double(sorted.count)).rounded(.up)) - 1, 0), sorted.count - 1)]
}

/// Nanoseconds as milliseconds with three decimals (to the microsecond).
func milliseconds(_ nanoseconds: Int64) -> String {
    let thousandths = (nanoseconds + 500) / 1_000
    let fraction = String(thousandths % 1_000)
    return "\(thousandths / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}

do {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    // The first upload of the light impact, as Haptics' evdev driver makes it: both motors at
    // the rendered level, the frame's length plus the driver's 50 ms guard, rounded up.
    guard let first = Renderer().render(Preset.impact(.light).pattern).frames.first(where: { !$0.isSilent }) else {
        throw VirtualDeviceError("the light impact renders silent")
    }
    func magnitude(_ level: Double) -> UInt16 { UInt16((min(max(level, 0), 1) * 65535).rounded()) }
    let lengthMS = (first.duration + .milliseconds(50)).components
    let length = UInt16(lengthMS.seconds * 1000 + (lengthMS.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    let effect = (strong: magnitude(first.strong), weak: magnitude(first.weak), length: length)
    let pad = try VirtualGamepad(name: "Haptics Latency Pad", gain: false, answeringInRealTime: true)
    defer { pad.destroy() }
    let contenders: [any Contender] = [HapticsDemo(path: options.haptics), PlainC(path: options.cPlayer, effect: effect)]
    var samples: [String: [Int64]] = [:]
    for round in 0..<options.rounds {
        for contender in contenders {
            pad.emit(axis: ABS_RZ, value: 0)
            pad.reset()
            let running = try contender.start(on: pad)
            let delays: [Int64]
            do {
                _ = try crossings(3, on: pad, strong: effect.strong)
                delays = try crossings(options.trials, on: pad, strong: effect.strong)
            } catch {
                let (status, output) = running.stop()
                throw VirtualDeviceError("\(contender.name) (round \(round + 1)): \(error); it exited \(status):\n\(output)")
            }
            let (status, output) = running.stop()
            guard status == 0 || status == 128 + SIGTERM else {
                throw VirtualDeviceError("\(contender.name) exited \(status):\n\(output)")
            }
            samples[contender.name, default: []] += delays
            print("round \(round + 1): \(contender.name): p50 \(milliseconds(percentile(delays.sorted(), 0.5))) ms")
        }
    }
    let haptics = samples[contenders[0].name, default: []].sorted()
    let c = samples[contenders[1].name, default: []].sorted()
    // The demo's p99 at most twice the C program's: what an app's path (libevdev, the gesture,
    // the state machine, the engine) may add to the least there is.
    let target = 2 * percentile(c, 0.99)
    print("pull latency, trigger past the threshold to the impact's upload (\(haptics.count) crossings each):")
    print("  haptics demo --input  p50 \(milliseconds(percentile(haptics, 0.5))) ms  p99 \(milliseconds(percentile(haptics, 0.99))) ms")
    print("  plain C               p50 \(milliseconds(percentile(c, 0.5))) ms  p99 \(milliseconds(percentile(c, 0.99))) ms")
    let ratio = Double(percentile(haptics, 0.99)) / Double(max(percentile(c, 0.99), 1))
    print(
        "  p99 ratio \((ratio * 100).rounded() / 100); target p99 <= 2 x C's = \(milliseconds(target)) ms: \(percentile(haptics, 0.99) <= target ? "met" : "missed")"
    )
    let json =
        "{\"crossings\":\(haptics.count),\"haptics_p50_ns\":\(percentile(haptics, 0.5)),\"haptics_p99_ns\":\(percentile(haptics, 0.99)),"
        + "\"c_p50_ns\":\(percentile(c, 0.5)),\"c_p99_ns\":\(percentile(c, 0.99)),\"target_p99_ns\":\(target),"
        + "\"met\":\(percentile(haptics, 0.99) <= target)}"
    print("@@PULL-LATENCY \(json)@@")
} catch {
    print("pull latency benchmark failed: \(error)")
    exit(1)
}
