import Haptics

/// The side-by-side figures: every run's table for people, each contender's medians and p99
/// over all its frames, the verdict (Haptics ÷ each other program, on the medians), and one
/// `@@SIDE-BY-SIDE {json}@@` line for scripts/bench-vm.sh.
struct SideBySideReport {
    /// One run of one contender.
    struct Entry {
        /// The contender's name.
        let name: String
        /// Which round this run was, from 1.
        let round: Int
        /// The most Haptics may take of its p99 error and CPU time, as ratios.
        let target: (p99: Double, cpu: Double)?
        /// Its exit status, output and CPU time.
        let run: Contender.Run
        /// Its timing, from the pad's side.
        let timing: DeviceTiming
    }

    /// One contender's runs and their medians.
    struct Summary {
        /// The contender's name.
        let name: String
        /// The most Haptics may take of its figures, as ratios.
        let target: (p99: Double, cpu: Double)?
        /// Its runs, in the order played.
        let runs: [Entry]

        /// The median over the runs of `figure`.
        func median(_ figure: (Entry) -> Double) -> Double {
            Median.of(runs.map(figure))
        }

        /// The median over the runs of `figure`, or `nil` when a run lacks it.
        func medianIfAll(_ figure: (Entry) -> Double?) -> Double? {
            let values = runs.compactMap(figure)
            return values.count == runs.count ? Median.of(values) : nil
        }

        /// The device-side errors of every frame of every run, as one sample. Its p99 is
        /// reported beside the median run's, not judged: one run the host disturbs (a hundred
        /// frames 1 ms off, where a quiet one has five) carries it alone, where the median of
        /// five runs shrugs off two such.
        var allFrames: Percentiles { Percentiles(merging: runs.map(\.timing.errors)) }
        /// The p99 device-side error over every frame of every run, in milliseconds.
        var p99OfAllFrames: Double { milliseconds(allFrames.p99) }
        /// Median device-side error p50, p99, max and p99 from the first frame, in milliseconds.
        var p50: Double { median { milliseconds($0.timing.errors.p50) } }
        /// See `p50`.
        var p99: Double { median { milliseconds($0.timing.errors.p99) } }
        /// See `p50`.
        var max: Double { median { milliseconds($0.timing.errors.max) } }
        /// See `p50`.
        var p99FromFirst: Double { median { milliseconds($0.timing.errorsFromFirst.p99) } }
        /// Median CPU time of the whole process, in milliseconds.
        var cpu: Double { median { $0.run.cpuTime.inMilliseconds } }
        /// Median CPU time before the first frame, in milliseconds, when the program says it.
        var beforeFirstFrame: Double? { medianIfAll { $0.run.beforeFirstFrame?.inMilliseconds } }
        /// Median CPU time of the playing alone, in milliseconds, when the program says it.
        var playing: Double? { medianIfAll { $0.run.playingCPU?.inMilliseconds } }
    }

    /// Haptics ÷ another contender, on the medians (and the p99 over all frames beside them).
    struct Ratio {
        /// "Haptics ÷ <the other one>".
        let name: String
        /// Of the median p99 device-side errors (one p99 per run).
        let p99: Double
        /// Of the p99 device-side errors over every frame of every run.
        let p99OfAllFrames: Double
        /// Of the median p99 errors from the first frame.
        let p99FromFirst: Double
        /// Of the median CPU times of the whole process.
        let cpu: Double
        /// Of the median CPU times of the playing alone, when both programs say it.
        let playing: Double?
        /// Of the median CPU times before the first frame, when both programs say it.
        let beforeFirstFrame: Double?
        /// The most each ratio may be (the playing alone is held to the CPU target too).
        let target: (p99: Double, cpu: Double)
    }

    /// The name of the AHAP file the track came from.
    let file: String
    /// How much of it was played.
    let seconds: Int
    /// How many rounds every contender played.
    let rounds: Int
    /// What the guest's clock counted.
    let clock: Options.ClockKind
    /// The guest kernel's command line.
    let kernelCommandLine: String
    /// The track played.
    let track: RumbleTrack
    /// Every run, in the order played.
    let entries: [Entry]

    /// A timing error the host's own stalls account for (see bench/VMBench/main.swift): the
    /// frames this far off or more are counted in each run, to tell a run the host disturbed.
    static let stall: Int64 = 1_000_000

    /// The runs grouped by contender, in order of first appearance (Haptics first).
    var summaries: [Summary] {
        var names: [String] = []
        for entry in entries where !names.contains(entry.name) { names.append(entry.name) }
        return names.map { name in
            let runs = entries.filter { $0.name == name }
            return Summary(name: name, target: runs.first?.target ?? nil, runs: runs)
        }
    }

    /// Haptics ÷ each other contender, with their targets.
    var ratios: [Ratio] {
        let summaries = summaries
        guard let haptics = summaries.first else { return [] }
        func ratio(_ mine: Double?, _ theirs: Double?) -> Double? {
            guard let mine, let theirs else { return nil }
            return mine / theirs
        }
        return summaries.dropFirst().map { other in
            Ratio(
                name: "Haptics ÷ \(other.name)", p99: haptics.p99 / other.p99,
                p99OfAllFrames: haptics.p99OfAllFrames / other.p99OfAllFrames, p99FromFirst: haptics.p99FromFirst / other.p99FromFirst,
                cpu: haptics.cpu / other.cpu, playing: ratio(haptics.playing, other.playing),
                beforeFirstFrame: ratio(haptics.beforeFirstFrame, other.beforeFirstFrame), target: other.target ?? (p99: 1, cpu: 1))
        }
    }

    /// The tables, the verdict and the machine-readable line.
    var text: String {
        let sounding = track.frames.filter { !$0.isSilent }.count
        let summaries = summaries
        var lines = [
            "Side by side on one virtual pad (uinput, in the VM), device-side timestamps",
            "track: the first \(seconds) s of \(file): \(track.frames.count) frames, \(sounding) sounding",
            "Haptics, plain C, SDL2 and python-evdev in \(rounds) alternating rounds",
            clockLine,
            "set-up: the pad answers from a SCHED_FIFO thread, at once, as hardware answers; the guest kernel's command line: \(kernelCommandLine)",
            "",
            "every run, in the order played: timing error at the pad, against each program's median offset (from its first frame's offset: *),",
            "and how many frames were 1 ms off or more (where the host's own stalls begin);",
            "CPU time of the whole process (wait4), of which before the first frame (as the program says it), and the playing alone (the difference)",
            "",
            pad("player", 14) + pad("round", 6, right: true) + pad("matched", 12, right: true) + pad("p50 ms", 9, right: true)
                + pad("p99 ms", 9, right: true) + pad("max ms", 9, right: true) + pad("p99* ms", 9, right: true)
                + pad("max* ms", 9, right: true) + pad(">=1 ms", 8, right: true) + pad("span s", 9, right: true)
                + pad("CPU ms", 9, right: true)
                + pad("start ms", 10, right: true) + pad("play ms", 9, right: true) + pad("exit", 6, right: true),
        ]
        for entry in entries {
            let timing = entry.timing
            lines.append(
                pad(entry.name, 14) + pad(String(entry.round), 6, right: true)
                    + pad("\(timing.matched)/\(timing.sounding)", 12, right: true)
                    + pad(Fixed.text(milliseconds(timing.errors.p50), 4), 9, right: true)
                    + pad(Fixed.text(milliseconds(timing.errors.p99), 4), 9, right: true)
                    + pad(Fixed.text(milliseconds(timing.errors.max), 4), 9, right: true)
                    + pad(Fixed.text(milliseconds(timing.errorsFromFirst.p99), 4), 9, right: true)
                    + pad(Fixed.text(milliseconds(timing.errorsFromFirst.max), 4), 9, right: true)
                    + pad(String(timing.errors.count(atLeast: Self.stall)), 8, right: true)
                    + pad(Fixed.text(timing.span.inSeconds, 3), 9, right: true)
                    + pad(Fixed.text(entry.run.cpuTime.inMilliseconds, 0), 9, right: true)
                    + pad(optional(entry.run.beforeFirstFrame?.inMilliseconds, 0, none: "-"), 10, right: true)
                    + pad(optional(entry.run.playingCPU?.inMilliseconds, 0, none: "-"), 9, right: true)
                    + pad(String(entry.run.status), 6, right: true))
        }
        if let first = entries.first { lines.append("(span as scheduled: \(Fixed.text(first.timing.scheduledSpan.inSeconds, 3)) s)") }
        lines += [
            "",
            "medians over each program's runs, and the p99 over all its runs' frames together (all)",
            "",
            pad("player", 14) + pad("runs", 6, right: true) + pad("p99 all ms", 12, right: true) + pad("p50 ms", 9, right: true)
                + pad("p99 ms", 9, right: true) + pad("max ms", 9, right: true) + pad("p99* ms", 9, right: true)
                + pad("CPU ms", 9, right: true)
                + pad("start ms", 10, right: true) + pad("play ms", 9, right: true),
        ]
        for summary in summaries {
            lines.append(
                pad(summary.name, 14) + pad(String(summary.runs.count), 6, right: true)
                    + pad(Fixed.text(summary.p99OfAllFrames, 4), 12, right: true) + pad(Fixed.text(summary.p50, 4), 9, right: true)
                    + pad(Fixed.text(summary.p99, 4), 9, right: true)
                    + pad(Fixed.text(summary.max, 4), 9, right: true) + pad(Fixed.text(summary.p99FromFirst, 4), 9, right: true)
                    + pad(Fixed.text(summary.cpu, 0), 9, right: true)
                    + pad(optional(summary.beforeFirstFrame, 0, none: "-"), 10, right: true)
                    + pad(optional(summary.playing, 0, none: "-"), 9, right: true))
        }
        lines += ["", "verdict, each ratio the median of Haptics' runs ÷ the median of the other program's:"]
        func verdict(_ value: Double, _ bound: Double) -> String {
            "\(Fixed.text(value, 3)) (target <= \(Fixed.text(bound, 1)): \(value <= bound ? "met" : "MISSED"))"
        }
        for ratio in ratios {
            lines.append(
                "\(ratio.name): p99 error \(verdict(ratio.p99, ratio.target.p99)); over all frames \(Fixed.text(ratio.p99OfAllFrames, 3)); "
                    + "p99* \(Fixed.text(ratio.p99FromFirst, 3))")
            lines.append("\(ratio.name): CPU time, whole process \(verdict(ratio.cpu, ratio.target.cpu))")
            if let playing = ratio.playing {
                lines.append(
                    "\(ratio.name): CPU time, playing alone (whole less before the first frame) \(verdict(playing, ratio.target.cpu))")
            }
            if let beforeFirstFrame = ratio.beforeFirstFrame {
                lines.append("\(ratio.name): CPU time before the first frame \(Fixed.text(beforeFirstFrame, 3)) (no target)")
            }
        }
        lines.append("")
        for entry in entries {
            for line in entry.run.output.split(separator: "\n").suffix(3) {
                lines.append("\(entry.name), round \(entry.round), said: \(line)")
            }
        }
        lines.append("@@SIDE-BY-SIDE \(json)@@")
        return lines.joined(separator: "\n")
    }

    /// The figures as one line of JSON: the track, every run's figures, each contender's
    /// medians and p99 over all frames, the ratios, and those as `figures` entries in
    /// bench/results.json's shape.
    var json: String {
        let summaries = summaries
        let players = entries.map { entry in
            let timing = entry.timing
            return "{\"name\": \"\(entry.name)\", \"round\": \(entry.round), \"exit\": \(entry.run.status), "
                + "\"matched\": \(timing.matched), \"sounding\": \(timing.sounding), "
                + "\"p50_ms\": \(Fixed.text(milliseconds(timing.errors.p50), 6)), \"p99_ms\": \(Fixed.text(milliseconds(timing.errors.p99), 6)), "
                + "\"max_ms\": \(Fixed.text(milliseconds(timing.errors.max), 6)), \"frames_off_1ms_or_more\": \(timing.errors.count(atLeast: Self.stall)), "
                + "\"p50_from_first_ms\": \(Fixed.text(milliseconds(timing.errorsFromFirst.p50), 6)), "
                + "\"p99_from_first_ms\": \(Fixed.text(milliseconds(timing.errorsFromFirst.p99), 6)), "
                + "\"max_from_first_ms\": \(Fixed.text(milliseconds(timing.errorsFromFirst.max), 6)), \"span_s\": \(Fixed.text(timing.span.inSeconds, 3)), "
                + "\"scheduled_span_s\": \(Fixed.text(timing.scheduledSpan.inSeconds, 3)), \"cpu_ms\": \(Fixed.text(entry.run.cpuTime.inMilliseconds, 1)), "
                + "\"before_first_frame_cpu_ms\": \(optional(entry.run.beforeFirstFrame?.inMilliseconds, 1)), "
                + "\"playing_cpu_ms\": \(optional(entry.run.playingCPU?.inMilliseconds, 1))}"
        }
        let medians = summaries.map { summary in
            "{\"name\": \"\(summary.name)\", \"runs\": \(summary.runs.count), \"p99_all_frames_ms\": \(Fixed.text(summary.p99OfAllFrames, 6)), \"p50_ms\": \(Fixed.text(summary.p50, 6)), "
                + "\"p99_ms\": \(Fixed.text(summary.p99, 6)), \"max_ms\": \(Fixed.text(summary.max, 6)), "
                + "\"p99_from_first_ms\": \(Fixed.text(summary.p99FromFirst, 6)), \"cpu_ms\": \(Fixed.text(summary.cpu, 1)), "
                + "\"before_first_frame_cpu_ms\": \(optional(summary.beforeFirstFrame, 1)), \"playing_cpu_ms\": \(optional(summary.playing, 1))}"
        }
        let ratioObjects = ratios.map { ratio in
            "{\"name\": \"\(ratio.name)\", \"of\": \"medians\", \"p99_error\": \(Fixed.text(ratio.p99, 3)), "
                + "\"p99_error_all_frames\": \(Fixed.text(ratio.p99OfAllFrames, 3)), "
                + "\"p99_error_from_first\": \(Fixed.text(ratio.p99FromFirst, 3)), \"cpu_time\": \(Fixed.text(ratio.cpu, 3)), "
                + "\"playing_cpu_time\": \(optional(ratio.playing, 3)), \"before_first_frame_cpu_time\": \(optional(ratio.beforeFirstFrame, 3)), "
                + "\"p99_error_target\": \(Fixed.text(ratio.target.p99, 1)), \"cpu_time_target\": \(Fixed.text(ratio.target.cpu, 1))}"
        }
        var figures: [String] = []
        let benchmark = "side by side in the VM (\(clock == .instructions ? "instruction clock" : "real time"))"
        for summary in summaries {
            let label = "\(benchmark), \(summary.name), median of \(summary.runs.count) run\(summary.runs.count == 1 ? "" : "s")"
            figures.append(
                figure(
                    "\(benchmark), \(summary.name): device-side error p99 over all \(summary.runs.count) runs' frames",
                    summary.p99OfAllFrames, "ms"))
            figures.append(figure("\(label): device-side error p50", summary.p50, "ms"))
            figures.append(figure("\(label): device-side error p99", summary.p99, "ms"))
            figures.append(figure("\(label): device-side error max", summary.max, "ms"))
            figures.append(figure("\(label): device-side error p99, from the first frame", summary.p99FromFirst, "ms"))
            figures.append(figure("\(label): CPU time for the \(seconds) s track", summary.cpu, "ms"))
            if let beforeFirstFrame = summary.beforeFirstFrame {
                figures.append(figure("\(label): CPU time before the first frame", beforeFirstFrame, "ms"))
            }
            if let playing = summary.playing {
                figures.append(figure("\(label): CPU time of the playing alone", playing, "ms"))
            }
        }
        for ratio in ratios {
            figures.append(figure("\(benchmark), p99 error, \(ratio.name), medians", ratio.p99, "", atMost: ratio.target.p99))
            figures.append(figure("\(benchmark), p99 error, \(ratio.name), all frames", ratio.p99OfAllFrames, ""))
            figures.append(figure("\(benchmark), CPU time, \(ratio.name), medians", ratio.cpu, "", atMost: ratio.target.cpu))
            if let playing = ratio.playing {
                figures.append(
                    figure("\(benchmark), CPU time of the playing alone, \(ratio.name), medians", playing, "", atMost: ratio.target.cpu))
            }
        }
        return "{\"file\": \"\(escaped(file))\", \"seconds\": \(seconds), \"rounds\": \(rounds), \"clock\": \"\(clock.rawValue)\", "
            + "\"kernel_command_line\": \"\(escaped(kernelCommandLine))\", \"frames\": \(track.frames.count), "
            + "\"players\": [\(players.joined(separator: ", "))], \"medians\": [\(medians.joined(separator: ", "))], "
            + "\"ratios\": [\(ratioObjects.joined(separator: ", "))], \"figures\": [\(figures.joined(separator: ", "))]}"
    }

    /// What the guest's clock counted, for the header.
    private var clockLine: String {
        switch clock {
        case .instructions:
            "clock: instructions (QEMU -icount shift=0, sleep=off): the guest's time is its instruction count, 1 ns each, "
                + "and jumps to the next timer while it idles: the host's stalls cannot reach any figure"
        case .realTime:
            "clock: real time: the guest's time is the host's, so the host's stalls count in every figure"
        }
    }

    /// One entry of bench/results.json's `figures`, with its target when it has one.
    private func figure(_ name: String, _ value: Double, _ unit: String, atMost bound: Double? = nil) -> String {
        let target = bound.map { "\"<= \(Fixed.text($0, 1))\"" } ?? "null"
        let met = bound.map { value.isFinite ? String(value <= $0) : "false" } ?? "null"
        return "{\"name\": \"\(escaped(name))\", \"value\": \(Fixed.text(value, 6)), \"unit\": \"\(unit)\", "
            + "\"target\": \(target), \"met\": \(met)}"
    }

    /// `value` with `digits` decimals, or `none` when there is no value ("null" for the JSON).
    private func optional(_ value: Double?, _ digits: Int, none: String = "null") -> String {
        value.map { Fixed.text($0, digits) } ?? none
    }

    /// `text` padded with spaces to `width`, on the left when `right`.
    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: Swift.max(0, width - text.count))
        return right ? fill + text : text + fill
    }

    /// `text` as the inside of a JSON string.
    private func escaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case _ where scalar.value < 0x20: "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: String(scalar)
            }
        }.joined()
    }
}

/// Nanoseconds as milliseconds.
private func milliseconds(_ nanoseconds: Int64) -> Double {
    Double(nanoseconds) / 1e6
}
