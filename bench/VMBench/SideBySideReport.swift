import Haptics

/// The side-by-side figures: a table for people, the ratios Haptics ÷ each other program,
/// and one `@@SIDE-BY-SIDE {json}@@` line for scripts/bench-vm.sh.
struct SideBySideReport {
    /// One contender's result.
    struct Entry {
        /// The contender's name.
        let name: String
        /// The most Haptics may take of its p99 error and CPU time, as ratios.
        let target: (p99: Double, cpu: Double)?
        /// Its exit status, output and CPU time.
        let run: Contender.Run
        /// Its timing, from the pad's side.
        let timing: DeviceTiming
    }

    /// The name of the AHAP file the track came from.
    let file: String
    /// How much of it was played.
    let seconds: Int
    /// The track played.
    let track: RumbleTrack
    /// The results, Haptics first.
    let entries: [Entry]

    /// The table, the ratios and the machine-readable line.
    var text: String {
        let sounding = track.frames.filter { !$0.isSilent }.count
        var lines = [
            "Side by side on one virtual pad (uinput, in the VM), device-side timestamps",
            "track: the first \(seconds) s of \(file): \(track.frames.count) frames, \(sounding) sounding",
            "",
            "timing error at the pad, against each program's median offset (from its first frame's offset: *)",
            "",
            pad("player", 14) + pad("matched", 12, right: true) + pad("p50 ms", 9, right: true) + pad("p99 ms", 9, right: true)
                + pad("max ms", 9, right: true) + pad("p99* ms", 9, right: true) + pad("max* ms", 9, right: true)
                + pad("span s", 9, right: true) + pad("CPU ms", 9, right: true) + pad("exit", 6, right: true),
        ]
        for entry in entries {
            let timing = entry.timing
            lines.append(pad(entry.name, 14) + pad("\(timing.matched)/\(timing.sounding)", 12, right: true)
                + pad(Fixed.text(milliseconds(timing.errors.p50), 3), 9, right: true)
                + pad(Fixed.text(milliseconds(timing.errors.p99), 3), 9, right: true)
                + pad(Fixed.text(milliseconds(timing.errors.max), 3), 9, right: true)
                + pad(Fixed.text(milliseconds(timing.errorsFromFirst.p99), 3), 9, right: true)
                + pad(Fixed.text(milliseconds(timing.errorsFromFirst.max), 3), 9, right: true)
                + pad(Fixed.text(timing.span.inSeconds, 3), 9, right: true)
                + pad(Fixed.text(entry.run.cpuTime.inMilliseconds, 0), 9, right: true)
                + pad(String(entry.run.status), 6, right: true))
        }
        if let first = entries.first { lines.append("(span as scheduled: \(Fixed.text(first.timing.scheduledSpan.inSeconds, 3)) s)") }
        lines.append("")
        for ratio in ratios {
            func verdict(_ value: Double, _ bound: Double) -> String {
                "\(Fixed.text(value, 3)) (target <= \(Fixed.text(bound, 1)): \(value <= bound ? "met" : "MISSED"))"
            }
            lines.append("\(ratio.name): p99 error \(verdict(ratio.p99, ratio.target.p99)), p99* \(Fixed.text(ratio.p99FromFirst, 3)), "
                + "CPU time \(verdict(ratio.cpu, ratio.target.cpu))")
        }
        lines.append("")
        for entry in entries {
            for line in entry.run.output.split(separator: "\n").suffix(3) { lines.append("\(entry.name) said: \(line)") }
        }
        lines.append("@@SIDE-BY-SIDE \(json)@@")
        return lines.joined(separator: "\n")
    }

    /// Haptics ÷ each other contender, for the p99 errors and the CPU time, with their targets.
    var ratios: [(name: String, p99: Double, p99FromFirst: Double, cpu: Double, target: (p99: Double, cpu: Double))] {
        guard let haptics = entries.first else { return [] }
        return entries.dropFirst().map { other in
            ("Haptics ÷ \(other.name)",
             Double(haptics.timing.errors.p99) / Double(other.timing.errors.p99),
             Double(haptics.timing.errorsFromFirst.p99) / Double(other.timing.errorsFromFirst.p99),
             haptics.run.cpuTime.inSeconds / other.run.cpuTime.inSeconds,
             other.target ?? (p99: 1, cpu: 1))
        }
    }

    /// The figures as one line of JSON: the track, each player's figures, the ratios, and
    /// the same as `figures` entries in bench/results.json's shape.
    var json: String {
        let players = entries.map { entry in
            let timing = entry.timing
            return "{\"name\": \"\(entry.name)\", \"exit\": \(entry.run.status), \"matched\": \(timing.matched), \"sounding\": \(timing.sounding), "
                + "\"p50_ms\": \(Fixed.text(milliseconds(timing.errors.p50), 3)), \"p99_ms\": \(Fixed.text(milliseconds(timing.errors.p99), 3)), "
                + "\"max_ms\": \(Fixed.text(milliseconds(timing.errors.max), 3)), "
                + "\"p50_from_first_ms\": \(Fixed.text(milliseconds(timing.errorsFromFirst.p50), 3)), "
                + "\"p99_from_first_ms\": \(Fixed.text(milliseconds(timing.errorsFromFirst.p99), 3)), "
                + "\"max_from_first_ms\": \(Fixed.text(milliseconds(timing.errorsFromFirst.max), 3)), \"span_s\": \(Fixed.text(timing.span.inSeconds, 3)), "
                + "\"scheduled_span_s\": \(Fixed.text(timing.scheduledSpan.inSeconds, 3)), \"cpu_ms\": \(Fixed.text(entry.run.cpuTime.inMilliseconds, 1))}"
        }
        let ratioObjects = ratios.map { ratio in
            "{\"name\": \"\(ratio.name)\", \"p99_error\": \(Fixed.text(ratio.p99, 3)), "
                + "\"p99_error_from_first\": \(Fixed.text(ratio.p99FromFirst, 3)), \"cpu_time\": \(Fixed.text(ratio.cpu, 3)), "
                + "\"p99_error_target\": \(Fixed.text(ratio.target.p99, 1)), \"cpu_time_target\": \(Fixed.text(ratio.target.cpu, 1))}"
        }
        var figures: [String] = []
        for entry in entries {
            let label = "side by side in the VM, \(entry.name)"
            figures.append(figure("\(label): device-side error p50", milliseconds(entry.timing.errors.p50), "ms"))
            figures.append(figure("\(label): device-side error p99", milliseconds(entry.timing.errors.p99), "ms"))
            figures.append(figure("\(label): device-side error max", milliseconds(entry.timing.errors.max), "ms"))
            figures.append(figure("\(label): device-side error p99, from the first frame", milliseconds(entry.timing.errorsFromFirst.p99), "ms"))
            figures.append(figure("\(label): CPU time for the \(seconds) s track", entry.run.cpuTime.inMilliseconds, "ms"))
        }
        for ratio in ratios {
            figures.append(figure("side by side in the VM, p99 error, \(ratio.name)", ratio.p99, "", atMost: ratio.target.p99))
            figures.append(figure("side by side in the VM, CPU time, \(ratio.name)", ratio.cpu, "", atMost: ratio.target.cpu))
        }
        return "{\"file\": \"\(escaped(file))\", \"seconds\": \(seconds), \"frames\": \(track.frames.count), "
            + "\"players\": [\(players.joined(separator: ", "))], \"ratios\": [\(ratioObjects.joined(separator: ", "))], "
            + "\"figures\": [\(figures.joined(separator: ", "))]}"
    }

    /// One entry of bench/results.json's `figures`, with its target when it has one.
    private func figure(_ name: String, _ value: Double, _ unit: String, atMost bound: Double? = nil) -> String {
        let target = bound.map { "\"<= \(Fixed.text($0, 1))\"" } ?? "null"
        let met = bound.map { value.isFinite ? String(value <= $0) : "false" } ?? "null"
        return "{\"name\": \"\(escaped(name))\", \"value\": \(Fixed.text(value, 3)), \"unit\": \"\(unit)\", "
            + "\"target\": \(target), \"met\": \(met)}"
    }

    /// Nanoseconds as milliseconds.
    private func milliseconds(_ nanoseconds: Int64) -> Double {
        Double(nanoseconds) / 1e6
    }

    /// `text` padded with spaces to `width`, on the left when `right`.
    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
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
