import Glibc
import VirtualDevices

/// A `dbus-daemon` of the tests' own, listening on a socket under /tmp, whose configuration
/// lists no service directories (nothing is started on demand) and lets every client own any
/// name and monitor.
struct PrivateBus {
    /// `unix:path=...`, for `DBUS_SESSION_BUS_ADDRESS`.
    let address: String
    private let process: ChildProcess

    /// Starts a bus listening at `socket` and waits until it accepts connections.
    init(dbusDaemon: String, socket: String) throws {
        let config = """
            <busconfig><type>session</type><listen>unix:path=\(socket)</listen><auth>EXTERNAL</auth>
            <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
            </busconfig>
            """
        try Self.write(config, to: socket + ".conf")
        // dbus-daemon looks its user up; the guest's initramfs has no password database.
        mkdir("/etc", 0o755)
        if access("/etc/passwd", F_OK) != 0 { try Self.write("root:x:0:0:root:/tmp:/bin/sh\n", to: "/etc/passwd") }
        if access("/etc/group", F_OK) != 0 { try Self.write("root:x:0:\n", to: "/etc/group") }
        unlink(socket)
        process = try ChildProcess(dbusDaemon, ["--nofork", "--config-file=\(socket).conf"])
        address = "unix:path=\(socket)"
        try expect(Monotonic.wait { access(socket, F_OK) == 0 }, "dbus-daemon did not come up at \(socket)")
    }

    /// Stops the bus.
    func stop() {
        // SIGKILL: the runner may have SIGTERM blocked, which its children inherit.
        process.kill(SIGKILL)
        _ = process.finish()
    }

    /// Writes `text` to `path`, replacing it.
    static func write(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try expect(fd >= 0, "cannot write \(path)")
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }
}
