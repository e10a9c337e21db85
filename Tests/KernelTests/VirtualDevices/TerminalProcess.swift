import CKernelTestSupport
import Glibc
import Synchronization

/// A program started on a pseudo-terminal of its own (standard input, output and error on
/// it), as a person starts it in a terminal: for the interactive demo, which reads its keys
/// there. Everything it draws is kept; `type(_:)` presses keys.
public final class TerminalProcess: Sendable {
    /// The program's process id.
    public let pid: Int32
    private let terminal: Int32
    private let screen = Mutex<[UInt8]>([])
    private let drained = Atomic<Bool>(false)

    /// Starts `path` with `arguments` on a new pseudo-terminal (the guest mounts devpts on
    /// /dev/pts), with `environment` added to the runner's.
    public init(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        let terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { throw VirtualDeviceError("cannot open /dev/ptmx: \(String(cString: strerror(errno)))") }
        var number: UInt32 = 0
        guard kt_pty_unlock(terminal) == 0, kt_pty_number(terminal, &number) == 0 else {
            close(terminal)
            throw VirtualDeviceError("cannot set up the pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let name = "/dev/pts/\(number)"
        let side = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard side >= 0 else {
            close(terminal)
            throw VirtualDeviceError("cannot open \(name): \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] { posix_spawn_file_actions_adddup2(&actions, side, descriptor) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let envp = ChildProcess.environment(adding: environment).map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
        close(side)
        guard status == 0 else {
            close(terminal)
            throw VirtualDeviceError("cannot start \(path): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        self.terminal = terminal
        try BackgroundThread.start { [self] in drain() }
    }

    /// Everything the program has written so far.
    public var output: String {
        String(decoding: screen.withLock { $0 }, as: UTF8.self)
    }

    /// Waits until the program has written `text`.
    public func wait(upTo timeout: Duration = .seconds(10), for text: String) -> Bool {
        Monotonic.wait(upTo: timeout) { output.contains(text) }
    }

    /// Presses the keys of `text`.
    public func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(terminal, $0.baseAddress, $0.count) }
    }

    /// Waits for the program to end; its exit status (128 + signal when killed) and output.
    public func finish() -> (status: Int32, output: String) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        _ = Monotonic.wait { drained.load(ordering: .acquiring) }
        close(terminal)
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (code, output)
    }

    /// Reads what the program writes until its side of the terminal closes (`EIO`).
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(terminal, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            screen.withLock { $0 += buffer[0..<count] }
        }
        drained.store(true, ordering: .releasing)
    }
}
