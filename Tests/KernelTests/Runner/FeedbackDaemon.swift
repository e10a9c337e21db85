import Glibc
import VirtualDevices

/// A feedback daemon in the guest (Debian's `feedbackd`, or `hapticsd`) serving
/// `org.sigxcpu.Feedback` on a bus of its own and driving a uinput pad of its own, with a
/// `busctl monitor` stamping every message on that bus.
final class FeedbackDaemon {
    /// The programs both kinds of daemon need around them.
    struct Tools {
        let dbusDaemon: String
        let busctl: String
        let fbcli: String
    }

    /// `feedbackd` or `hapticsd`.
    let name: String
    /// The pad it drives.
    let pad: VirtualGamepad
    private let bus: PrivateBus
    private let process: ChildProcess
    /// On a terminal, where busctl writes each message as it comes (into a pipe, it would
    /// keep the last ones in its buffer when killed).
    private let monitor: TerminalProcess
    private let tools: Tools

    /// Starts a bus, a pad and `program` with `arguments` and `environment` (the bus address
    /// added), and waits until the daemon owns `org.sigxcpu.Feedback` and the monitor listens.
    /// `tagPad` runs once the pad exists and before the daemon starts (feedbackd finds its
    /// device through udev when it starts).
    init(
        name: String, tools: Tools, program: String, arguments: (VirtualGamepad) -> [String], environment: [String: String] = [:],
        tagPad: (VirtualGamepad) throws -> Void = { _ in }
    ) throws {
        self.name = name
        self.tools = tools
        pad = try VirtualGamepad(name: "Conformance \(name)", gamepad: false)
        try tagPad(pad)
        bus = try PrivateBus(dbusDaemon: tools.dbusDaemon, socket: "/tmp/\(name)-bus")
        var variables = environment
        variables["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        process = try ChildProcess(program, arguments(pad), environment: variables)
        monitor = try TerminalProcess(
            tools.busctl, ["--user", "monitor", "--json=short"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "SYSTEMD_COLORS": "0"])
        var serving = false
        for _ in 0..<200 where !serving {
            serving = try busctl(["call", "org.freedesktop.DBus", "/", "org.freedesktop.DBus", "NameHasOwner", "s", "org.sigxcpu.Feedback"])
                .output.hasPrefix("b true")
            if !serving { usleep(50_000) }
        }
        let listening = monitor.wait(for: "Monitoring bus message stream.")
        guard serving, listening else {
            _ = stop()
            throw TestFailure(
                description: "\(name) never served org.sigxcpu.Feedback (or busctl never monitored):\n\(finishOutput().suffix(3000))")
        }
    }

    /// Runs `busctl --user ARGUMENTS` on the daemon's bus.
    func busctl(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ChildProcess(tools.busctl, ["--user"] + arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address]).finish()
    }

    /// Starts `fbcli -E event` on the daemon's bus: it triggers the event and ends when
    /// `FeedbackEnded` comes.
    func trigger(_ event: String) throws -> ChildProcess {
        try ChildProcess(
            tools.fbcli, ["-E", event], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], holdingInputOpen: true)
    }

    /// Stops the daemon, the monitor and the bus, and unplugs the pad; what the monitor saw.
    func stop() -> String {
        kill(monitor.pid, SIGKILL)
        let traffic = monitor.finish().output
        _ = finishOutput()
        bus.stop()
        pad.destroy()
        return traffic
    }

    private var finished: String?

    /// Ends the daemon (SIGTERM, then SIGKILL) once; its output.
    private func finishOutput() -> String {
        if let finished { return finished }
        process.kill(SIGTERM)
        usleep(100_000)
        process.kill(SIGKILL)
        let output = process.finish().output
        finished = output
        return output
    }
}
