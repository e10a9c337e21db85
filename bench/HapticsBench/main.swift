import Glibc
import Haptics

// `make bench`: timing, throughput, idle cost and memory of the engine, as one table (and
// as JSON for tools). `--quick` runs each measurement briefly, as a smoke test of the harness;
// its figures are not the ones to quote. `--only schedule|latency|render|idle|memory|frame-cost`
// runs one section; `--frames N` sets the frame count of the schedule error and the per-frame
// cost; `--c-loop PATH` is the built bench/frame_cost_loop.c (the per-frame cost's baseline,
// whose directory also receives its files; the Haptics side, haptics-frame-cost, is found
// beside this program); `--json PATH` writes the figures.
let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
func value(of option: String) -> String? {
    arguments.firstIndex(of: option).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let jsonPath = value(of: "--json")
let only = value(of: "--only")
func runs(_ section: String) -> Bool { only.map { $0 == section } ?? true }
let corpusFile = "Tests/HapticsTests/Fixtures/corpus/meta-haptics-sdk__studio_export.ahap"

let frames = value(of: "--frames").flatMap(Int.init) ?? (quick ? 300 : 10_000)
let referenceFrames = quick ? 100 : 3_000
let idleSeconds = quick ? 1 : 10
let settleSeconds: UInt32 = quick ? 1 : 6
var figures: [Measurement] = []

func progress(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func scheduleFigures(_ label: String, _ distribution: Distribution, targetP99: Double?) -> [Measurement] {
    [
        Measurement(name: "schedule error, \(label): p50", value: Double(distribution.p50) / 1e6, unit: "ms", target: nil),
        Measurement(
            name: "schedule error, \(label): p99", value: Double(distribution.p99) / 1e6, unit: "ms", target: targetP99.map { .below($0) }),
        Measurement(
            name: "schedule error, \(label): max", value: Double(distribution.max) / 1e6, unit: "ms",
            target: targetP99 == nil ? nil : .below(5)),
    ]
}

if runs("schedule") {
    progress("schedule error: \(frames) frames at 10 ms on PrecisionClock, idle ...")
    figures += scheduleFigures(
        "PrecisionClock, idle (\(frames) frames)", await Benchmarks.scheduleError(clock: PrecisionClock(), frames: frames, busy: false),
        targetP99: 1)
    progress("schedule error: the same with the other core busy ...")
    figures += scheduleFigures(
        "PrecisionClock, other core busy", await Benchmarks.scheduleError(clock: PrecisionClock(), frames: frames, busy: true), targetP99: 2
    )
    progress("schedule error: \(referenceFrames) frames on ContinuousClock, for reference ...")
    figures += scheduleFigures(
        "ContinuousClock, idle (\(referenceFrames) frames, reference)",
        await Benchmarks.scheduleError(clock: ContinuousClock(), frames: referenceFrames, busy: false), targetP99: nil)

}

if runs("latency") {
    progress("impact latency ...")
    let latency = Benchmarks.impactLatency(count: quick ? 200 : 5_000)
    figures.append(Measurement(name: "impact latency after prepare(): p50", value: Double(latency.p50) / 1e3, unit: "µs", target: nil))
    figures.append(
        Measurement(name: "impact latency after prepare(): p99", value: Double(latency.p99) / 1e3, unit: "µs", target: .below(200)))

}

if runs("render") {
    progress("render and load ...")
    do {
        let render = try Benchmarks.renderRate(file: corpusFile)
        figures.append(
            Measurement(
                name: "render, largest corpus AHAP (\(render.steps) steps)", value: render.stepsPerSecond, unit: "frames/s",
                target: .atLeast(1_000_000)))
        let load = try Benchmarks.loadTime(bytes: 1_000_000)
        figures.append(Measurement(name: "load a \(load.size / 1000) kB AHAP file", value: load.milliseconds, unit: "ms", target: nil))
    } catch {
        progress("render and load failed: \(error) (run from the repository's root)")
    }

}

if runs("idle") {
    progress("idle cost over \(idleSeconds) s, three times ...")
    let baseline = await Benchmarks.idleCost(clock: nil as PrecisionClock?, seconds: idleSeconds, settle: settleSeconds)
    let idle = await Benchmarks.idleCost(clock: PrecisionClock(), seconds: idleSeconds, settle: settleSeconds)
    let idleReference = await Benchmarks.idleCost(clock: ContinuousClock(), seconds: idleSeconds, settle: settleSeconds)
    figures += [
        Measurement(
            name: "idle wake-ups over \(idleSeconds) s, Swift runtime alone (no engine)", value: Double(baseline.wakeUps), unit: "",
            target: nil),
        Measurement(
            name: "idle wake-ups over \(idleSeconds) s, engine open (PrecisionClock)", value: Double(idle.wakeUps), unit: "", target: nil),
        Measurement(
            name: "idle wake-ups over \(idleSeconds) s, the engine's own (open minus alone)",
            value: Double(idle.wakeUps - baseline.wakeUps), unit: "", target: .below(1)),
        Measurement(
            name: "idle CPU time over \(idleSeconds) s, engine open (PrecisionClock)", value: idle.cpuMilliseconds, unit: "ms", target: nil),
        Measurement(
            name: "idle wake-ups over \(idleSeconds) s, engine open (ContinuousClock, reference)", value: Double(idleReference.wakeUps),
            unit: "", target: nil),
    ]

}

if runs("memory") {
    progress("memory ...")
    let residentBefore = ProcessStatus.memory.resident
    let loop = await Benchmarks.simulatedLoop(.notification(.error), hours: quick ? 0 : 1)
    figures.append(
        Measurement(
            name: "peak RSS, 1 simulated hour of looping (\(loop.frames) frames)", value: Double(loop.peakKiB) / 1024, unit: "MiB",
            target: nil))
    let flood = await Benchmarks.impactFlood(count: quick ? 10_000 : 100_000)
    figures.append(
        Measurement(
            name: "peak RSS after \(quick ? 10_000 : 100_000) impacts as fast as possible", value: Double(flood.peakKiB) / 1024,
            unit: "MiB", target: nil))
    figures.append(
        Measurement(
            name: "RSS growth over the memory runs", value: Double(ProcessStatus.memory.resident - residentBefore) / 1024, unit: "MiB",
            target: .below(16)))
    figures.append(Measurement(name: "time to fire those impacts", value: flood.milliseconds, unit: "ms", target: nil))
}

if runs("frame-cost") {
    if let cLoop = value(of: "--c-loop") {
        progress(
            "per-frame cost: \(frames) frames under callgrind, Haptics and a plain C loop, then \(min(frames, 1_000)) in real time ...")
        do {
            let directory = cLoop.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            let binaries = arguments[0].split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            let cost = try FrameCost.measure(
                count: frames, realTimeCount: min(frames, 1_000), haptics: (binaries.isEmpty ? "." : binaries) + "/haptics-frame-cost",
                cLoop: cLoop, directory: directory.isEmpty ? "." : directory)
            figures += [
                Measurement(
                    name: "instructions per frame, Haptics (engine on ManualClock, evdev's syscalls on /dev/null)",
                    value: cost.haptics.rounded(), unit: "", target: nil),
                Measurement(
                    name: "instructions per frame, Haptics on PrecisionClock (\(min(frames, 1_000)) frames in real time)",
                    value: cost.hapticsRealTime.rounded(), unit: "", target: nil),
                Measurement(
                    name: "instructions per frame, plain C loop (the same syscalls, the same frames)", value: cost.c.rounded(), unit: "",
                    target: nil),
                Measurement(name: "instructions per frame, Haptics ÷ plain C", value: cost.haptics / cost.c, unit: "", target: nil),
            ]
            progress("per-frame cost: Haptics' profile is in \(cost.profile) (callgrind_annotate --inclusive=yes \(cost.profile))")
        } catch {
            progress("per-frame cost skipped: \(error)")
        }
    } else {
        progress("per-frame cost skipped: no --c-loop (the Makefile builds bench/frame_cost_loop.c)")
    }
}

let nameWidth = figures.map(\.name.count).max() ?? 0
print("Haptics benchmark\(quick ? " (quick smoke run: figures not representative)" : "")")
print(String(repeating: "-", count: nameWidth + 40))
for figure in figures {
    let value = Measurement.format(figure.value) + (figure.unit.isEmpty ? "" : " " + figure.unit)
    let verdict = { (target: Measurement.Target) in quick ? "" : target.isMet(by: figure.value) ? "  ok" : "  MISSED" }
    let target = figure.target.map { "target \($0.text)" + verdict($0) } ?? ""
    print(
        figure.name + String(repeating: " ", count: nameWidth - figure.name.count) + "  "
            + String(repeating: " ", count: max(0, 16 - value.count)) + value + "  " + target)
}

if let jsonPath {
    let entries = figures.map { figure in
        let target = figure.target.map { "\"\($0.text)\"" } ?? "null"
        let met = figure.target.map { $0.isMet(by: figure.value) ? "true" : "false" } ?? "null"
        return
            "    {\"name\": \"\(figure.name)\", \"value\": \(figure.value), \"unit\": \"\(figure.unit)\", \"target\": \(target), \"met\": \(met)}"
    }
    let json = "{\n  \"quick\": \(quick),\n  \"figures\": [\n" + entries.joined(separator: ",\n") + "\n  ]\n}\n"
    let fd = open(jsonPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    _ = json.utf8.withContiguousStorageIfAvailable { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}
