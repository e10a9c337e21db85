import HapticsAudio
import HapticsEvdev
import HapticsHidraw
import HapticsModel
import HapticsPlayback
import HapticsRouting

/// The engines the `…At` methods play on: one per output a locality routes to
/// (`LocalityRoute`), made the first time a locality plays there and kept while it is used,
/// as Core Haptics makes one engine per locality. Each renders for its output: a hidraw
/// engine with the profile its driver names (`HidrawDriver.renderProfile`), the others as the
/// daemon's main engine does. Closing an engine resets what it set on its pads (a trigger's
/// effect off, HD Rumble silent, the Xbox's motors handed back) and releases them. Used on the
/// loop thread only.
final class LocalityEngines {
    /// Makes the engine of one output, its driver prepared, or says why it cannot.
    typealias Maker = (LocalityRoute.Output) throws(MethodError) -> HapticEngine

    private let paths: [LocalityRoute.Path]
    private let pads: () -> [LocalityRoute.Pad]
    private let make: Maker
    /// The outputs each locality played on, until the devices change.
    private var routes: [Locality: [LocalityRoute.Output]] = [:]
    /// The engine of each output made so far and not closed.
    private var engines: [LocalityRoute.Output: HapticEngine] = [:]
    /// The master gain every engine plays with.
    private var gain = 1.0

    /// Engines for `paths` over the pads `pads` lists when a locality is first routed, each
    /// made by `make`.
    init(paths: [LocalityRoute.Path], pads: @escaping () -> [LocalityRoute.Pad], make: @escaping Maker) {
        self.paths = paths
        self.pads = pads
        self.make = make
    }

    /// The engines that play `locality`, made when missing: for a locality no pad has (or
    /// none at all), `LocalityUnavailable` naming the localities the pads have; for one only
    /// a hidraw node this user may not write to reaches, `AccessDenied` saying what to
    /// install; for a pad that cannot be opened, `Failed` with the reason.
    func engines(for locality: Locality) throws(MethodError) -> [HapticEngine] {
        let outputs: [LocalityRoute.Output]
        if let known = routes[locality] {
            outputs = known
        } else {
            do {
                outputs = try LocalityRoute.outputs(for: locality, paths: paths, pads: pads())
            } catch {
                throw Self.error(for: error)
            }
            routes[locality] = outputs
        }
        var result: [HapticEngine] = []
        for output in outputs {
            if let engine = engines[output] {
                result.append(engine)
                continue
            }
            let engine = try make(output)
            engine.setGain(gain)
            engines[output] = engine
            result.append(engine)
        }
        return result
    }

    /// Sets every engine's master gain, and the gain of those made later.
    func setGain(_ gain: Double) {
        self.gain = gain
        for engine in engines.values { engine.setGain(gain) }
    }

    /// Forgets how each locality was routed (the pads changed) and closes the engines no
    /// playback uses (`inUse` says which are used), so the next call routes over the pads
    /// there are now.
    func devicesChanged(inUse: (HapticEngine) -> Bool) {
        routes.removeAll()
        close(unless: inUse)
    }

    /// Closes, resetting what they set on their pads, the engines `inUse` says no playback
    /// uses; a locality played later makes its engine again. Returns how many were closed.
    @discardableResult
    func close(unless inUse: (HapticEngine) -> Bool) -> Int {
        let idle = engines.filter { !inUse($0.value) }
        for (output, engine) in idle {
            engines[output] = nil
            waitFor { await engine.close() }
        }
        return idle.count
    }

    /// Closes every engine: the daemon is exiting.
    func closeAll() {
        close { _ in false }
    }

    /// The D-Bus error for a locality that cannot play.
    static func error(for refusal: LocalityRoute.Refusal) -> MethodError {
        switch refusal {
        case .noPad(let locality):
            return .localityUnavailable("no pad is driven to play at \(locality.rawValue): plug one in (the Devices property lists them)")
        case .unavailable(let locality, let available):
            let list = available.isEmpty ? "none" : available.map(\.rawValue).joined(separator: ", ")
            return .localityUnavailable("no pad driven has \(locality.rawValue); the localities the pads have: \(list)")
        case .permissionDenied(let locality, let node, let name):
            return .accessDenied(
                "\(locality.rawValue) on \(name) plays through its hidraw node \(node), which this user may not write to: "
                    + "install udev/70-haptics.rules into /etc/udev/rules.d (make install does), "
                    + "then sudo udevadm control --reload && sudo udevadm trigger, or re-plug the pad")
        }
    }
}

extension LocalityEngines {
    /// The engines of a running daemon started at `origin`: `options`' drivers, over the pads
    /// its `--device` selects (the evdev pads, else those hidraw alone reaches), discovered
    /// again whenever the devices change, voice coils played through `voiceCoils`; notices go
    /// to `notice`.
    convenience init(
        _ options: DaemonOptions, origin: MonotonicInstant, voiceCoils: VoiceCoilCards, notice: @escaping @Sendable (String) -> Void
    ) {
        let selection = options.device
        let paths = options.drivers.map(LocalityRoute.Path.init)
        let needsPads = paths.contains { if case .lines = $0 { false } else { true } }
        self.init(paths: paths) {
            guard needsPads else { return [] }
            let hidraw = HidrawDiscovery()
            let cards = SoundCardDiscovery()
            // The pads hidraw alone reaches (a Steam Deck) beside the evdev pads with `all`, in
            // their place when no evdev pad is selected.
            let evdev = DeviceDiscovery().devices(selectedBy: selection)
            let hidrawOnly = selection.pick(from: hidraw.hidrawOnlyPads())
            let pads = selection == .all ? evdev + hidrawOnly : evdev.isEmpty ? hidrawOnly : evdev
            return pads.map {
                LocalityRoute.Pad(device: $0, hidraw: hidraw.pad(for: $0), hasSoundCard: cards.card(forEventNode: $0.node) != nil)
            }
        } make: { output throws(MethodError) in
            try Self.liveEngine(for: output, origin: origin, voiceCoils: voiceCoils, notice: notice)
        }
    }

    /// The engine of one output on the real devices, its driver prepared; lines count their
    /// times from `origin`, the daemon's start; voice coils play through a voice of
    /// `voiceCoils`.
    static func liveEngine(
        for output: LocalityRoute.Output, origin: MonotonicInstant, voiceCoils: VoiceCoilCards,
        notice: @escaping @Sendable (String) -> Void
    ) throws(MethodError) -> HapticEngine {
        switch output {
        case .lines(let format, let locality):
            let lines = DaemonLineDriver(format: format, offset: MonotonicInstant.now - origin)
            return HapticEngine(driver: RoutedDriver.playing(on: lines, at: locality))
        case .evdev(let nodes, let parts):
            var drivers: [any HapticDriver] = []
            for node in nodes {
                let evdev = EvdevDriver(selection: .path(node), watchesHotPlug: false, notice: notice)
                do {
                    try evdev.prepare()
                } catch {
                    for driver in drivers { driver.close() }
                    throw .failed(Advice.message(for: error))
                }
                drivers.append(RoutedDriver.playing(on: evdev, at: PadPaths.locality(of: parts)))
            }
            return HapticEngine(driver: drivers.count == 1 ? drivers[0] : FanOutDriver(drivers))
        case .hidraw(let node, let locality):
            let driver = HidrawDriver(selection: .path(node), locality: locality, notice: notice)
            do {
                try driver.prepare()
            } catch HidrawError.permissionDenied(let hidrawNode, let name) {
                throw Self.error(for: .permissionDenied(locality, node: hidrawNode, name: name))
            } catch {
                throw .failed(Advice.message(for: error))
            }
            return HapticEngine(driver: driver, settings: RenderSettings(pad: driver.renderProfile))
        case .audio(let node, let locality, let auto):
            let driver = voiceCoils.voice(for: node, at: locality)
            do {
                try driver.prepare()
            } catch {
                driver.close()
                guard auto else { throw .failed(Advice.message(for: error)) }
                notice("\(Advice.message(for: error)); playing the handles through evdev rumble")
                return try liveEngine(
                    for: .evdev(nodes: [node], parts: locality.parts(of: PadPart.handles)), origin: origin, voiceCoils: voiceCoils,
                    notice: notice)
            }
            return HapticEngine(driver: driver, settings: RenderSettings(pad: driver.renderProfile))
        }
    }
}

extension LocalityRoute.Path {
    /// The path a `--driver` choice names.
    init(_ choice: DriverChoice) {
        switch choice {
        case .record: self = .lines(.json)
        case .stdout: self = .lines(.text)
        case .evdev: self = .evdev
        case .hidraw: self = .hidraw
        case .auto: self = .auto
        case .audio: self = .audio
        }
    }
}
