package import FeedbackTheme
import Glibc
import HapticsAudio
import HapticsEvdev
import HapticsHidraw
import HapticsModel
import HapticsPlatform
import HapticsPlayback
import HapticsRouting

/// The session service: owns `org.sigxcpu.Feedback` on the session bus and runs the one event
/// loop until SIGTERM or SIGINT (stopping every motor and erasing every effect) or until
/// another process takes the name. SIGHUP reloads the theme. The loop polls the bus, a
/// signalfd, the mailbox's eventfd (playbacks ending on the player's thread) and the hot-plug
/// monitor's inotify descriptor; only it touches the bus. What it has to say goes to a log, one
/// line a call; how it ended is a value (`DaemonEnd`), which the command turns into an exit
/// status.
public enum DaemonService {
    /// The bus name served.
    static let name = "org.sigxcpu.Feedback"

    /// Blocks SIGTERM, SIGINT and SIGHUP so that they reach the loop through a signalfd. Call
    /// it first, on the main thread, before any other thread starts.
    public static func blockSignals() {
        SignalChannel.block()
    }

    /// The theme `lookup` finds: the built-in one, or the file's, its notices and warnings on
    /// `log`.
    package static func load(_ lookup: ThemeLookup, log: (String) -> Void) throws(ThemeLoadError) -> FeedbackTheme {
        switch lookup {
        case .builtIn:
            return BuiltInTheme.theme
        case .file(let path):
            let loaded = try ThemeLoader().load(contentsOf: path)
            for notice in loaded.notices { log("hapticsd: note: \(notice)") }
            for warning in loaded.warnings { log("hapticsd: warning: \(warning)") }
            return loaded.theme
        }
    }

    /// Serves the bus with `theme` (found by `lookup`, which SIGHUP follows again) until a
    /// signal or the loss of the name ends it, then releases the drivers: the main engine's,
    /// and the localities' (which resets what they set on the pads).
    package static func serve(
        _ options: DaemonOptions, theme: FeedbackTheme, lookup: ThemeLookup, log: @escaping @Sendable (String) -> Void
    ) throws(BusError) -> DaemonEnd {
        let mailbox = try Mailbox<DaemonWork>()
        let signals = try SignalChannel()
        // One driver per pad's voice coils, which the main engine and the localities' share.
        let voiceCoils = VoiceCoilCards { log("hapticsd: \($0)") }
        let output = DaemonOutput(options, voiceCoils: voiceCoils, log: log, mailbox: mailbox)
        // hidraw renders for the pad it drives (the Switch Pro's HD Rumble profile), which
        // it names once it has opened it; audio for the voice coils; evdev renders as it
        // always has.
        let hidraw = output.driver as? HidrawDriver
        try? hidraw?.prepare()
        let profile = hidraw?.renderProfile ?? (output.driver is VoiceCoilSelection ? .dualSenseVoiceCoils : nil)
        let engine = HapticEngine(driver: output.driver, settings: RenderSettings(pad: profile))
        let localities = LocalityEngines(options, origin: .now, voiceCoils: voiceCoils) { notice in log("hapticsd: \(notice)") }
        let startFailure: (any Error)? = waitFor {
            do {
                try await engine.start()
                return nil
            } catch {
                return error
            }
        }
        if let error = startFailure {
            log("hapticsd: note: \(Advice.message(for: error)); playing as soon as a device appears")
        }
        let served: Result<DaemonEnd, BusError>
        do throws(BusError) {
            served = .success(
                try serveLoop(
                    options, engine: engine, localities: localities, output: output, mailbox: mailbox, signals: signals, theme: theme,
                    lookup: lookup, log: log))
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

    /// The loop: the bus, the signals, the mailbox, hot-plug and the voice coils' watches, until
    /// a signal or the loss of the name ends it (motors stopped).
    private static func serveLoop(
        _ options: DaemonOptions,
        engine: HapticEngine,
        localities: LocalityEngines,
        output: DaemonOutput,
        mailbox: Mailbox<DaemonWork>,
        signals: borrowing SignalChannel,
        theme: FeedbackTheme,
        lookup: ThemeLookup,
        log: @escaping @Sendable (String) -> Void
    ) throws(BusError) -> DaemonEnd {
        let bus = try Bus.session()
        let service = FeedbackService(
            bus: bus, engine: engine, localities: localities, mailbox: mailbox, theme: theme, limits: DaemonLimits(),
            devices: output.devices, lightBars: { output.devices().compactMap { LightBar(node: $0.node) } }, log: log)
        // However the loop ends, the light bars show what they showed before the feedbacks.
        defer { service.restoreLights() }
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
            log(taken.message)
            return .nameTaken
        }
        log("hapticsd: serving \(name) with the theme '\(service.themeName)'\(lookup == .builtIn ? " (built in)" : "")")
        while true {
            try bus.process()
            if lost {
                log("hapticsd: another process took \(name); exiting")
                return .nameLost
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
            fds += output.voiceCoilWatches.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            // A signal interrupting the wait is no error: signalfd delivers it on the next turn.
            guard ready >= 0 || errno == EINTR else { throw BusError("waiting in poll", result: -errno) }
            if fds[1].revents != 0 {
                for signal in signals.take() {
                    if signal == SIGHUP {
                        reload(lookup, into: service, log: log)
                    } else {
                        log("hapticsd: \(signal == SIGTERM ? "SIGTERM" : "SIGINT"): stopping every motor")
                        engine.stop()
                        bus.flush()
                        return signal == SIGTERM ? .terminated : .interrupted
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
            // Each ready watch is drained; one change or more looks at the pads again, once.
            var coilPathsChanged = false
            for (fd, watch) in zip(fds.dropFirst(4), output.voiceCoilWatches) where fd.revents != 0 {
                if !watch.changes().isEmpty { coilPathsChanged = true }
            }
            if coilPathsChanged { output.voiceCoilPathsChanged() }
        }
    }

    private static func reload(_ lookup: ThemeLookup, into service: FeedbackService, log: (String) -> Void) {
        do {
            service.use(try load(lookup, log: log))
            log("hapticsd: SIGHUP: reloaded the theme '\(service.themeName)'")
        } catch {
            log("hapticsd: SIGHUP: keeping the theme '\(service.themeName)': \(error)")
        }
    }

    /// The process's command name, from `/proc/PID/comm`.
    private static func command(of pid: Int32) -> String {
        guard let bytes = try? FileReader.bytes(atPath: "/proc/\(pid)/comm", limit: 256) else { return "unknown" }
        return String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
    }
}
