import Glibc
import VirtualDevices

/// How long `fbcli -E button-pressed` takes to reach the pad, for `hapticsd` and for Debian's
/// `feedbackd` side by side in one boot (each on a bus and a uinput pad of its own, as in
/// `ConformanceTests`, with Debian's default theme), in alternating rounds, one client at a
/// time: from starting `fbcli` to the pad's first upload, what a program asking for feedback
/// waits for (fbcli's own start-up included: the same program for both daemons). Prints one
/// `@@LATENCY {...}` JSON line for `scripts/bench-feedbackd.sh`.
enum LatencyBenchmark {
    /// The test; none unless asked for with a number of rounds.
    static func all(setup: ConformanceTests.Setup?, rounds: Int?) -> [KernelTest] {
        guard let setup, let rounds, rounds > 0 else { return [] }
        return [
            KernelTest(name: "latency side by side: fbcli -E button-pressed to the pad's first upload, hapticsd and feedbackd") {
                try measure(setup, rounds: rounds)
            }
        ]
    }

    private static let theme = "/usr/share/feedbackd/themes/default.json"
    private static let event = "button-pressed"

    private static func measure(_ setup: ConformanceTests.Setup, rounds: Int) throws {
        let (feedbackd, hapticsd, opened) = try setup.startBoth(theme: theme)
        let daemons = [hapticsd, feedbackd]
        var fromClient: [[Double]] = [[], []]
        var problems: [String] = []
        if opened {
            for round in 0..<(2 * rounds) {
                let which = round % 2
                let daemon = daemons[which]
                let before = daemon.pad.records.count
                let start = Monotonic.now
                let client = try daemon.trigger(event)
                var upload: Duration?
                _ = Monotonic.wait {
                    upload = daemon.pad.records.dropFirst(before).first { if case .upload = $0.record { true } else { false } }?.at
                    return upload != nil
                }
                let (status, output) = client.finish()
                guard status == 0, let upload else {
                    problems.append("round \(round) on \(daemon.name): fbcli exited \(status), upload seen: \(upload != nil): \(output)")
                    break
                }
                fromClient[which].append((upload - start).inMilliseconds)
                usleep(50_000)
            }
        }
        for daemon in daemons { _ = daemon.stop() }
        try expect(opened, "feedbackd never opened its pad")
        try expect(problems.isEmpty, problems.joined(separator: "\n"))
        var fields: [String] = ["\"rounds\":\(rounds)", "\"event\":\"\(event)\""]
        for (which, daemon) in daemons.enumerated() {
            let figures = summary(fromClient[which])
            print("  \(daemon.name): fbcli -E \(event) to the pad's first upload: p50 \(show(figures.p50)), p99 \(show(figures.p99))")
            fields.append("\"\(daemon.name)\":{\"fbcli_to_upload_ms\":{\"p50\":\(figures.p50),\"p99\":\(figures.p99)}}")
        }
        print("@@LATENCY {\(fields.joined(separator: ","))}")
    }

    /// The median and the 99th percentile (nearest rank) of `values`.
    static func summary(_ values: [Double]) -> (p50: Double, p99: Double) {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return (0, 0) }
        func rank(_ fraction: Double) -> Double {
            sorted[min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))]
        }
        return (rank(0.5), rank(0.99))
    }

    private static func show(_ milliseconds: Double) -> String {
        "\((milliseconds * 100).rounded() / 100) ms"
    }
}
