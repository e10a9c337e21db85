import Glibc
import Haptics
import Testing

/// One frame the recording driver printed.
struct RecordedFrame: Equatable {
    var time: Double
    var duration: Double
    var strong: Double
    var weak: Double

    var isSilent: Bool { strong == 0 && weak == 0 }
}

/// The tools the daemon's tests drive. Missing locally, the tests skip with the reason; under
/// `make test` (which installs them and sets `HAPTICS_REQUIRE_CLIENT_TOOLS`) or in CI (`CI`
/// set) they run anyway, so a missing tool fails instead of skipping.
enum ClientTools {
    static let python = "/usr/bin/python3"
    static let programs = ["/usr/bin/dbus-daemon", "/usr/bin/fbcli", "/usr/bin/busctl", "/usr/bin/gdbus", python]

    static let missing: [String] = {
        var missing = programs.filter { access($0, X_OK) != 0 }
        if missing.isEmpty, run(python, ["-c", "import gi; gi.require_version('Lfb', '0.0'); from gi.repository import Lfb"]) != 0 {
            missing.append("libfeedback's GObject introspection (gir1.2-lfb-0.0, python3-gi)")
        }
        return missing
    }()

    /// Whether the tests run.
    static let runnable = missing.isEmpty || getenv("HAPTICS_REQUIRE_CLIENT_TOOLS") != nil || getenv("CI") != nil

    /// Why they are skipped.
    static let reason = Comment(rawValue: "missing \(missing.joined(separator: ", ")): run make test (it installs them)")

    private static func run(_ path: String, _ arguments: [String]) -> Int32 {
        guard let process = try? Spawned(path, arguments, output: "/dev/null", errors: "/dev/null") else { return -1 }
        process.closeInput()
        return process.wait(timeout: .seconds(20)) ?? -1
    }
}

/// A private `dbus-daemon` whose configuration lists no service directories (so Debian's
/// feedbackd can never be activated), and `hapticsd --driver record` on it.
final class DaemonHarness {
    let directory: String
    let address: String
    private var bus: Spawned?
    private(set) var daemon: Spawned?
    private var clients: [Spawned] = []
    private var counter = 0

    /// The built `hapticsd`, next to the test bundle.
    static var daemonPath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let folder = exe.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return "\(folder)/hapticsd"
    }

    /// Starts the bus and, unless `start` is false, the daemon with `arguments`.
    init(_ arguments: [String] = [], start: Bool = true) throws {
        var template = Array("/tmp/hapticsd-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed") }
        directory = String(cString: made)
        address = "unix:path=\(directory)/bus"
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>\(address)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        try write(config, to: "\(directory)/bus.conf")
        bus = try Spawned(
            "/usr/bin/dbus-daemon", ["--nofork", "--config-file=\(directory)/bus.conf"], output: "\(directory)/bus.out",
            errors: "\(directory)/bus.err")
        guard poll(timeout: .seconds(10), { access("\(self.directory)/bus", F_OK) == 0 }) else {
            throw HarnessError("dbus-daemon did not come up")
        }
        if start { try startDaemon(arguments, environment: ["FEEDBACK_THEME": "", "XDG_CONFIG_HOME": directory]) }
    }

    deinit {
        clients.removeAll()
        daemon?.signal(SIGTERM)
        _ = daemon?.wait(timeout: .seconds(5))
        daemon = nil
        bus = nil
        for name in ["bus", "bus.conf", "bus.out", "bus.err", "frames.jsonl", "daemon.log"] { unlink("\(directory)/\(name)") }
        for index in 0..<counter {
            unlink("\(directory)/client\(index).out")
            unlink("\(directory)/client\(index).err")
        }
        for name in extraFiles { unlink("\(directory)/\(name)") }
        rmdir(directory)
    }

    private var extraFiles: [String] = []

    /// Writes a file into the harness's folder and returns its path.
    func file(_ name: String, _ contents: String) throws -> String {
        extraFiles.append(name)
        try write(contents, to: "\(directory)/\(name)")
        return "\(directory)/\(name)"
    }

    /// Starts `hapticsd --driver record` with `arguments` and waits until it serves.
    func startDaemon(_ arguments: [String], environment: [String: String] = [:]) throws {
        let environment = environment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { $1 }
        daemon = try Spawned(
            Self.daemonPath, ["--driver", "record"] + arguments, environment: environment,
            output: "\(directory)/frames.jsonl", errors: "\(directory)/daemon.log")
        guard poll(timeout: .seconds(10), { self.log.contains("serving") || self.daemon?.wait(timeout: .zero) != nil }) else {
            throw HarnessError("hapticsd did not start: \(log)")
        }
    }

    /// Kills the private `dbus-daemon`: every connection to it is lost.
    func killBus() {
        bus?.signal(SIGKILL)
        _ = bus?.wait(timeout: .seconds(5))
    }

    /// What the daemon wrote to standard error.
    var log: String { read("\(directory)/daemon.log") }

    /// Everything the daemon's recording driver printed so far.
    var recorded: String { read("\(directory)/frames.jsonl") }

    /// Every frame the daemon's recording driver printed so far.
    var frames: [RecordedFrame] {
        recorded.split(separator: "\n").compactMap { line in
            guard let value = try? JSONParser.parse(Array(line.utf8)),
                case .number(let time)? = value["t_ms"], case .number(let duration)? = value["duration_ms"],
                case .number(let strong)? = value["strong"], case .number(let weak)? = value["weak"]
            else { return nil }
            return RecordedFrame(time: time, duration: duration, strong: strong, weak: weak)
        }
    }

    /// The frames, once `condition` holds of them (or after `timeout`).
    @discardableResult
    func frames(within timeout: Duration = .seconds(5), until condition: @escaping ([RecordedFrame]) -> Bool) -> [RecordedFrame] {
        _ = poll(timeout: timeout) { condition(self.frames) }
        return frames
    }

    /// Starts a client on the bus; its input stays open until closed.
    func client(_ path: String, _ arguments: [String]) throws -> (process: Spawned, output: String) {
        let output = "\(directory)/client\(counter).out"
        let errors = "\(directory)/client\(counter).err"
        counter += 1
        let process = try Spawned(path, arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": address], output: output, errors: errors)
        clients.append(process)
        return (process, output)
    }

    /// Runs a client to its end; its exit status, standard output and error.
    func run(_ path: String, _ arguments: [String], timeout: Duration = .seconds(30)) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let output = "\(directory)/client\(counter).out"
        let errors = "\(directory)/client\(counter).err"
        let started = try client(path, arguments)
        started.process.closeInput()
        let status = started.process.wait(timeout: timeout) ?? -1
        return (status, read(output), read(errors))
    }

    /// `busctl --user call org.sigxcpu.Feedback /org/sigxcpu/Feedback INTERFACE METHOD ...`.
    func busctl(_ interface: String, _ method: String, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        try run(
            "/usr/bin/busctl",
            ["--user", "call", "org.sigxcpu.Feedback", "/org/sigxcpu/Feedback", interface, method]
                + (arguments.isEmpty ? [] : ["--"] + arguments))
    }

    /// Runs a Python program on Debian's Python (with `gi`), `arguments` as `sys.argv[1:]`.
    func python(_ source: String, _ arguments: [String] = [], timeout: Duration = .seconds(60)) throws -> (
        status: Int32, output: String, errors: String
    ) {
        try run(ClientTools.python, ["-c", source] + arguments, timeout: timeout)
    }

    /// The file's contents, or "" when it cannot be read.
    func read(_ path: String) -> String {
        guard let bytes = try? FileReader.bytes(atPath: path, limit: 1 << 30) else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func write(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw HarnessError("cannot write \(path)") }
        defer { close(fd) }
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
    }
}

/// Calls `condition` every 5 ms until it holds or `timeout` passes; whether it held.
func poll(timeout: Duration, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        usleep(5000)
    }
    return true
}
