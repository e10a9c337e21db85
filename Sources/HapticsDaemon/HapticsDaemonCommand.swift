import FeedbackTheme
import Glibc
public import HapticsCommandLine
import HapticsEvdev
import HapticsHidraw
import HapticsModel
import HapticsPlatform
import HapticsPlayback
import HapticsRouting

/// `hapticsd`: parses the command line, loads the theme, owns `org.sigxcpu.Feedback` on the
/// session bus and runs the one event loop until SIGTERM or SIGINT (stopping every motor
/// and erasing every effect; exit 0 after SIGTERM, systemd's stop, and 130 after SIGINT) or
/// until another process takes the name. SIGHUP reloads the
/// theme. The loop polls the bus, a signalfd, the mailbox's eventfd (playbacks ending on the
/// player's thread) and the hot-plug monitor's inotify descriptor; only it touches the bus.
/// Kept apart from `main` so tests can run it.
public enum HapticsDaemonCommand {
    /// The bus name served.
    static let name = "org.sigxcpu.Feedback"

    /// Runs `hapticsd` with `arguments` (without the program name). Call
    /// `blockSignals()` first, on the main thread, before any other thread starts.
    public static func run(_ arguments: [String], environment: [String: String], console: Console = .standard) -> ExitCode {
        var reader = ArgumentReader(arguments, for: DaemonOptions.configuration)
        if reader.flag(.help) {
            console.out(reader.usage)
            return .success
        }
        if reader.flag(.version) {
            console.out(DaemonVersion.text)
            return .success
        }
        let options: DaemonOptions
        do {
            options = try DaemonOptions.parse(&reader)
        } catch {
            console.err("Error: \(error.message)")
            console.err(error.usage)
            return .usage
        }
        let lookup = ThemeLookup.resolve(option: options.theme, environment: environment) { access($0, F_OK) == 0 }
        let theme: FeedbackTheme
        do {
            theme = try load(lookup, console: console)
        } catch {
            console.err("Error: \(DaemonAdvice.message(for: error, option: options.theme, environment: environment))")
            return .dataError
        }
        do {
            return try serve(options, theme: theme, lookup: lookup, console: console)
        } catch {
            console.err("Error: \(DaemonAdvice.message(for: error))")
            return .failure
        }
    }

    /// Blocks SIGTERM, SIGINT and SIGHUP so that they reach the loop through a signalfd.
    public static func blockSignals() {
        SignalChannel.block()
    }

    private static func load(_ lookup: ThemeLookup, console: Console) throws(ThemeLoadError) -> FeedbackTheme {
        switch lookup {
        case .builtIn:
            return BuiltInTheme.theme
        case .file(let path):
            let loaded = try ThemeLoader().load(contentsOf: path)
            for notice in loaded.notices { console.err("hapticsd: note: \(notice)") }
            for warning in loaded.warnings { console.err("hapticsd: warning: \(warning)") }
            return loaded.theme
        }
    }

    /// Serves the bus until a signal or the loss of the name ends it, then releases the
    /// drivers: the main engine's, and the localities' (which resets what they set on the pads).
    private static func serve(_ options: DaemonOptions, theme: FeedbackTheme, lookup: ThemeLookup, console: Console) throws(BusError)
        -> ExitCode
    {
        let mailbox = try Mailbox<DaemonWork>()
        let signals = try SignalChannel()
        let output = DaemonOutput(options, console: console, mailbox: mailbox)
        // hidraw renders for the pad it drives (the Switch Pro's HD Rumble profile), which
        // it names once it has opened it; evdev renders as it always has.
        let hidraw = output.driver as? HidrawDriver
        try? hidraw?.prepare()
        let engine = HapticEngine(driver: output.driver, settings: RenderSettings(pad: hidraw?.renderProfile))
        let localities = LocalityEngines(options, origin: .now) { notice in console.err("hapticsd: \(notice)") }
        let startFailure: (any Error)? = waitFor {
            do {
                try await engine.start()
                return nil
            } catch {
                return error
            }
        }
        if let error = startFailure {
            console.err("hapticsd: note: \(Advice.message(for: error)); playing as soon as a device appears")
        }
        let served: Result<ExitCode, BusError>
        do throws(BusError) {
            served = .success(
                try serveLoop(
                    options, engine: engine, localities: localities, output: output, mailbox: mailbox, signals: signals, theme: theme,
                    lookup: lookup, console: console))
        } catch {
            served = .failure(error)
        }
        waitFor { await engine.close() }
        localities.closeAll()
        return try served.get()
    }

    /// The wait from `now` until `deadline` in whole milliseconds, rounded up (a wake-up must
    /// not come before the deadline), at most a minute: `poll`'s timeout.
    private static func pollMilliseconds(until deadline: MonotonicInstant, from now: MonotonicInstant) -> Int32 {
        let (seconds, attoseconds) = (deadline - now).components
        return Int32(min(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000, 60_000))
    }

    /// The loop: the bus, the signals, the mailbox and hot-plug, until a signal or the loss of
    /// the name ends it (motors stopped).
    private static func serveLoop(
        _ options: DaemonOptions,
        engine: HapticEngine,
        localities: LocalityEngines,
        output: DaemonOutput,
        mailbox: Mailbox<DaemonWork>,
        signals: borrowing SignalChannel,
        theme: FeedbackTheme,
        lookup: ThemeLookup,
        console: Console
    ) throws(BusError) -> ExitCode {
        let bus = try Bus.session()
        let service = FeedbackService(
            bus: bus, engine: engine, localities: localities, mailbox: mailbox, theme: theme, limits: DaemonLimits(),
            devices: output.devices, log: console.err)
        try bus.serve { member, message, reply, error in
            service.handle(member, message: message, reply: reply, error: error)
        }
        try bus.match(
            "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged'"
        ) { message in
            guard let name = try? message.readString(), (try? message.readString()) != nil, let new = try? message.readString(),
                name.hasPrefix(":"), new.isEmpty
            else { return }
            service.clientLeft(name)
        }
        var lost = false
        try bus.match(
            "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',interface='org.freedesktop.DBus',member='NameLost',arg0='\(name)'"
        ) { _ in
            lost = true
        }
        guard try bus.requestName(name, replace: options.replace) else {
            let owner = bus.owner(of: name)
            let taken = NameTaken(
                name: name, owner: owner?.unique,
                process: owner.flatMap { $0.pid > 0 ? (command(of: $0.pid), $0.pid) : nil }, replaceTried: options.replace)
            console.err(taken.message)
            return .unavailable
        }
        console.err("hapticsd: serving \(name) with the theme '\(service.themeName)'\(lookup == .builtIn ? " (built in)" : "")")
        while true {
            try bus.process()
            if lost {
                console.err("hapticsd: another process took \(name); exiting")
                return .success
            }
            let now = MonotonicInstant.now
            service.advance(now: now)
            let wake = [bus.timeout, service.nextDeadline].compactMap { $0 }.min()
            let timeout: Int32 = wake.map { $0 <= now ? 0 : Self.pollMilliseconds(until: $0, from: now) } ?? -1
            var fds = [
                pollfd(fd: bus.fileDescriptor, events: bus.events, revents: 0),
                pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: mailbox.fileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: output.hotPlug?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            // A signal interrupting the wait is no error: signalfd delivers it on the next turn.
            guard ready >= 0 || errno == EINTR else { throw BusError("waiting in poll", result: -errno) }
            if fds[1].revents != 0 {
                for signal in signals.take() {
                    if signal == SIGHUP {
                        reload(lookup, into: service, console: console)
                    } else {
                        console.err("hapticsd: \(signal == SIGTERM ? "SIGTERM" : "SIGINT"): stopping every motor")
                        engine.stop()
                        bus.flush()
                        // SIGTERM is how systemd stops the service: a normal end, not a failure.
                        return signal == SIGTERM ? .success : .interrupted
                    }
                }
            }
            if fds[2].revents != 0 {
                for work in mailbox.take() { service.perform(work) }
            }
            if fds[3].revents != 0, let hotPlug = output.hotPlug {
                for change in hotPlug.changes() { output.take(change) }
                service.perform(.devicesChanged)
            }
        }
    }

    private static func reload(_ lookup: ThemeLookup, into service: FeedbackService, console: Console) {
        do {
            service.use(try load(lookup, console: console))
            console.err("hapticsd: SIGHUP: reloaded the theme '\(service.themeName)'")
        } catch {
            console.err("hapticsd: SIGHUP: keeping the theme '\(service.themeName)': \(error)")
        }
    }

    /// The process's command name, from `/proc/PID/comm`.
    private static func command(of pid: Int32) -> String {
        guard let bytes = try? FileReader.bytes(atPath: "/proc/\(pid)/comm", limit: 256) else { return "unknown" }
        return String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
    }

    /// The process's environment, from `environ`.
    public static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            cursor += 1
        }
        return result
    }
}
