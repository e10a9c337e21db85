public import Glibc

/// A program started by the kernel tests or the VM benchmark: the `haptics` CLI, another
/// player, or the running program in a child role.
public struct ChildProcess {
    /// The child's process id.
    public let pid: pid_t
    private let output: Int32
    /// The write end of the child's standard input when it is held open, else -1.
    private let input: Int32

    /// Starts `path` with `arguments`, its standard output and error captured. `environment`
    /// adds to (or replaces in) the runner's own variables. `holdingInputOpen` gives the
    /// child a standard input that stays open, with nothing to read, until it finishes (a
    /// program that ends on end of input, as `fbcli` ends its feedback, then runs on).
    public init(
        _ path: String, _ arguments: [String], environment: [String: String] = [:], holdingInputOpen: Bool = false
    ) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw VirtualDeviceError("pipe failed") }
        var inputEnds: [Int32] = [-1, -1]
        if holdingInputOpen {
            guard pipe(&inputEnds) == 0 else { throw VirtualDeviceError("pipe failed") }
            // The runner's end stays out of every other child, which would otherwise hold it open.
            _ = fcntl(inputEnds[1], F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        if holdingInputOpen {
            posix_spawn_file_actions_adddup2(&actions, inputEnds[0], 0)
            posix_spawn_file_actions_addclose(&actions, inputEnds[1])
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = Self.environment(adding: environment).map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
        close(pipeEnds[1])
        if holdingInputOpen { close(inputEnds[0]) }
        guard status == 0 else {
            close(pipeEnds[0])
            if holdingInputOpen { close(inputEnds[1]) }
            throw VirtualDeviceError("cannot start \(path): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        self.output = pipeEnds[0]
        self.input = inputEnds[1]
    }

    /// The runner's environment as `NAME=value` entries, with `variables` added or replaced.
    public static func environment(adding variables: [String: String]) -> [String] {
        var entries: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if variables[String(text.prefix { $0 != "=" })] == nil { entries.append(text) }
            index += 1
        }
        return entries + variables.map { "\($0.key)=\($0.value)" }
    }

    /// Waits for the program to end; its exit status (128 + signal when killed) and output.
    public func finish() -> (status: Int32, output: String) {
        let result = finishMeasuringCPU()
        return (result.status, result.output)
    }

    /// `finish()`, with the CPU time (user plus system) the kernel charged the program, as
    /// `wait4` reports it: the same account for any program, whatever its language.
    public func finishMeasuringCPU() -> (status: Int32, output: String, cpuTime: Duration) {
        let result = collect()
        return (result.status, String(decoding: result.bytes, as: UTF8.self), result.cpuTime)
    }

    /// `finish()`, the output as bytes: for a program that writes binary data (`haptics
    /// render --format wav`).
    public func finishWithBytes() -> (status: Int32, bytes: [UInt8]) {
        let result = collect()
        return (result.status, result.bytes)
    }

    /// Reads the output to its end and waits for the program: its status, output and CPU time.
    private func collect() -> (status: Int32, bytes: [UInt8], cpuTime: Duration) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        close(output)
        if input >= 0 { close(input) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let cpuTime =
            Duration.seconds(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + .microseconds(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        return (code, bytes, cpuTime)
    }

    /// Sends `signal` to the program.
    public func kill(_ signal: Int32) {
        _ = Glibc.kill(pid, signal)
    }
}
