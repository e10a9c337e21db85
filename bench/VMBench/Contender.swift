import VirtualDevices

/// A program under test: its name in the report and how to start it on a pad node with a
/// frame file.
struct Contender: Sendable {
    /// A contender named `name`, held to `target`, started by `command`.
    init(
        name: String, target: (p99: Double, cpu: Double)? = nil, command: @escaping @Sendable (_ frames: String, _ node: String) -> [String]
    ) {
        self.name = name
        self.target = target
        self.command = command
    }

    /// The name in the report.
    let name: String
    /// The most Haptics may take of this program's figures, as ratios Haptics ÷ it: p99
    /// device-side error and CPU time (`nil` for Haptics itself).
    let target: (p99: Double, cpu: Double)?
    /// The executable and its arguments, given the frame file and the pad's node.
    let command: @Sendable (_ frames: String, _ node: String) -> [String]

    /// What one run left behind.
    struct Run {
        /// The exit status (128 + signal when killed).
        let status: Int32
        /// Standard output and error.
        let output: String
        /// User plus system CPU time of the whole process, from the kernel.
        let cpuTime: Duration
        /// What the pad received meanwhile, stamped on its side.
        let records: [VirtualGamepad.Stamped]

        /// The CPU time the program says it had used before its first frame (its start-up),
        /// read from its line "..., of which 12.3 ms ... before the first frame"; `nil` when
        /// it prints none (SDL2 and python-evdev do not).
        var beforeFirstFrame: Duration? {
            guard let line = output.split(separator: "\n").last(where: { $0.contains("before the first frame") }),
                let which = line.firstRange(of: "of which ")
            else { return nil }
            let number = line[which.upperBound...].prefix { $0.isNumber || $0 == "." }
            return Double(number).map { .microseconds(Int64(($0 * 1000).rounded())) }
        }

        /// The CPU time of the playing alone: the whole process's (`cpuTime`) less what it
        /// used before its first frame; `nil` when the program does not say the latter.
        var playingCPU: Duration? {
            beforeFirstFrame.map { cpuTime - $0 }
        }
    }

    /// Plays `frames` on `pad` and waits for the program to end. The pad's log starts empty;
    /// every upload is in it by the time the program has exited, as an upload returns only
    /// once the pad has answered it.
    func run(frames: String, on pad: VirtualGamepad) throws -> Run {
        pad.reset()
        let argv = command(frames, pad.node)
        let child = try ChildProcess(argv[0], Array(argv.dropFirst()))
        let (status, output, cpuTime) = child.finishMeasuringCPU()
        return Run(status: status, output: output, cpuTime: cpuTime, records: pad.records)
    }
}
