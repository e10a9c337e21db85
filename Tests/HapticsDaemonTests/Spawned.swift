import Glibc

/// A program a test starts: its standard output and error go to files, its standard input is
/// a pipe the test holds open (as `fbcli` needs) until `closeInput()`.
final class Spawned {
    let pid: pid_t
    private var input: Int32
    private var status: Int32?

    /// Starts `path` with `arguments` and `environment` added to this process's own.
    init(_ path: String, _ arguments: [String], environment: [String: String] = [:], output: String, errors: String) throws(HarnessError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw HarnessError("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addclose(&actions, ends[1])
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var merged: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") { merged[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
            cursor += 1
        }
        for (key, value) in environment { merged[key] = value }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        close(ends[0])
        guard result == 0 else {
            close(ends[1])
            throw HarnessError("cannot start \(path): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        self.input = ends[1]
    }

    deinit {
        if status == nil {
            _ = kill(pid, SIGKILL)
            _ = wait(timeout: .seconds(5))
        }
        if input >= 0 { close(input) }
    }

    /// Writes `text` to the program's standard input.
    func send(_ text: String) {
        _ = text.withCString { write(input, $0, strlen($0)) }
    }

    /// Closes the program's standard input.
    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Sends `signal`.
    func signal(_ signal: Int32) {
        _ = kill(pid, signal)
    }

    /// The exit status (128 + signal when killed) once the program ends within `timeout`.
    func wait(timeout: Duration) -> Int32? {
        if let status { return status }
        let deadline = ContinuousClock.now + timeout
        while true {
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, WNOHANG)
            if result == pid {
                let code = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
                status = code
                return code
            }
            if result < 0 { return nil }
            guard ContinuousClock.now < deadline else { return nil }
            usleep(2000)
        }
    }
}

/// A test harness failure (not a failed expectation): a tool that did not start, a bus that
/// never came up.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
