import HapticsAudio
package import HapticsEvdev
import HapticsHidraw
package import HapticsModel
package import HapticsPlayback

/// Where a playing command sends its frames (`--driver`): one driver, or several separated by
/// commas (`stdout,evdev`), all driven at once through a `FanOutDriver`.
package enum DriverChoice: String, Sendable, CaseIterable {
    /// A rumble-capable gamepad when one is found, else the terminal.
    case auto
    /// The terminal: one line per frame, in real time.
    case stdout
    /// Every frame the device would get, as a JSON line: instantly, on a manual clock, where
    /// the command can (`play`, `demo --trace`...), else in real time (`hapticsd`).
    case record
    /// A gamepad through the kernel's evdev force-feedback interface.
    case evdev
    /// A gamepad through its hidraw node only: the DualSense's triggers (and motors), the
    /// Switch Pro's HD Rumble, the Xbox pad's four motors over Bluetooth.
    case hidraw
    /// A DualSense's voice coils over USB audio: the frames as a waveform on channels 3-4 of
    /// the pad's ALSA card.
    case audio

    /// What a list of drivers must be, beyond naming drivers: `auto` (which picks one itself)
    /// alone, and each driver once. Returns the message of the usage error, or `nil`.
    package static func problem(with drivers: [DriverChoice]) -> String? {
        if drivers.count > 1, drivers.contains(.auto) {
            return "'auto' picks one driver itself and cannot be combined: name the drivers, e.g. '--driver stdout,evdev'"
        }
        if let repeated = drivers.enumerated().first(where: { drivers[..<$0.offset].contains($0.element) })?.element {
            return "'\(repeated.rawValue)' is named twice in '--driver'"
        }
        return nil
    }

    /// The real-time driver for this choice, prepared, playing at `locality`. `terminal` is
    /// the driver used when the choice is the terminal, or `auto` finds no usable gamepad
    /// (saying why through `notice`) where `device` names none in particular; a
    /// device named (a path, an index, a name) that cannot be driven is an error under `auto`
    /// too. `record` is not a real-time driver: callers play it instantly, with no clock.
    ///
    /// The locality: `hidraw` and `audio` play it themselves (`audio` the handles only);
    /// `evdev` routes a handle locality's frames to that handle's motor (`HandleRouting`) and
    /// refuses triggers; `auto` splits each pad's parts between evdev, its sound card and
    /// hidraw (`PadPaths.auto`), all driven through a `FanOutDriver` where several play; the terminal shows the routed frames, and at a trigger locality what the
    /// triggers play (`RoutedDriver.playing(onLines:at:)`). A locality a pad lacks is an error
    /// naming the localities it has; under `auto` with no usable pad, the terminal plays, and a
    /// locality other than `all`, which no pad then plays, is a notice
    /// (`Advice.terminalNote(reason:locality:)`).
    package func makeDriver(
        device: DeviceSelection,
        locality: Locality = .all,
        notice: @escaping @Sendable (String) -> Void,
        terminal: @autoclosure () -> StdoutDriver
    ) throws -> any HapticDriver {
        switch self {
        case .stdout, .record:
            return RoutedDriver.playing(onLines: terminal(), at: locality)
        case .hidraw:
            return try Self.prepared(HidrawDriver(selection: device, locality: locality, notice: notice))
        case .auto where Self.onlyHidrawReaches(device):
            return try Self.prepared(HidrawDriver(selection: device, locality: locality, notice: notice))
        case .audio:
            return try Self.prepared(
                AudioDriver(selection: device, locality: locality, notice: notice, handBack: CoilHandBack(notice: notice).callAsFunction))
        case .evdev, .auto:
            break
        }
        let driver = EvdevDriver(selection: device, notice: notice)
        do {
            try driver.prepare()
        } catch  where self == .auto && !Self.names(device) {
            let reason: (any Error)? = if case EvdevError.noDevice = error { nil } else { error }
            if let note = Advice.terminalNote(reason: reason, locality: locality) { notice(note) }
            return RoutedDriver.playing(onLines: terminal(), at: locality)
        }
        do {
            return try self == .auto
                ? Self.auto(driver, locality: locality, notice: notice)
                : Self.evdev(driver, locality: locality)
        } catch {
            driver.close()
            throw error
        }
    }

    /// `driver`, prepared; closed when it cannot be, and the error thrown.
    private static func prepared(_ driver: any HapticDriver) throws -> any HapticDriver {
        do {
            try driver.prepare()
        } catch {
            driver.close()
            throw error
        }
        return driver
    }

    /// Whether `device` picks no evdev device but a pad hidraw alone reaches (Valve's): then
    /// `auto` plays through hidraw.
    private static func onlyHidrawReaches(_ device: DeviceSelection) -> Bool {
        DeviceDiscovery().devices(selectedBy: device).isEmpty && !device.pick(from: HidrawDiscovery().hidrawOnlyPads()).isEmpty
    }

    /// The prepared evdev `driver` at `locality`: every pad must have the locality's handles.
    private static func evdev(_ driver: EvdevDriver, locality: Locality) throws -> any HapticDriver {
        for device in driver.devices {
            _ = try PadPaths.evdev(profile: profile(of: device), locality: locality, name: name(of: device))
        }
        return RoutedDriver.playing(on: driver, at: locality)
    }

    /// `auto` over the pads the prepared evdev `driver` opened: the evdev driver alone while
    /// every pad plays through evdev only; else, per pad, an evdev driver for its evdev parts,
    /// an audio driver for the parts its sound card plays and a hidraw driver for its hidraw
    /// parts, all through one `FanOutDriver`.
    private static func auto(
        _ driver: EvdevDriver, locality: Locality, notice: @escaping @Sendable (String) -> Void
    ) throws -> any HapticDriver {
        let discovery = HidrawDiscovery()
        let cards = SoundCardDiscovery()
        let plans = try driver.devices.map { pad in
            let hidraw = discovery.pad(for: pad)
            let paths = try PadPaths.auto(
                profile: profile(of: pad), access: HidrawAccess(hidraw), hasSoundCard: cards.card(forEventNode: pad.node) != nil,
                bluetooth: hidraw?.isBluetooth ?? false, locality: locality, name: name(of: pad))
            return (pad: pad, paths: paths)
        }
        guard plans.contains(where: { !$0.paths.hidraw.isEmpty || !$0.paths.audio.isEmpty }) else {
            return RoutedDriver.playing(on: driver, at: locality)
        }
        driver.close()
        var made: [any HapticDriver] = []
        do {
            for plan in plans {
                made += try drivers(for: plan.pad, paths: plan.paths, locality: locality, notice: notice)
            }
        } catch {
            for driver in made { driver.close() }
            throw error
        }
        return made.count == 1 ? made[0] : FanOutDriver(made)
    }

    /// The drivers playing `paths` of `pad`, prepared. A sound card that cannot be opened (busy,
    /// no access) is a notice, and evdev plays its handles. At `all`, a hidraw node that cannot
    /// be opened after all is a notice, and evdev plays the handles, as without access.
    private static func drivers(
        for pad: EvdevDeviceInfo, paths: PadPaths, locality: Locality, notice: @escaping @Sendable (String) -> Void
    ) throws -> [any HapticDriver] {
        var drivers: [any HapticDriver] = []
        func evdev(_ parts: Set<PadPart>) throws {
            let evdev = EvdevDriver(selection: .path(pad.node), notice: notice)
            try evdev.prepare()
            drivers.append(RoutedDriver.playing(on: evdev, at: PadPaths.locality(of: parts)))
        }
        var evdevParts = paths.evdev
        if !paths.audio.isEmpty {
            do {
                drivers.append(
                    try prepared(
                        AudioDriver(
                            selection: .path(pad.node), locality: PadPaths.locality(of: paths.audio), notice: notice,
                            handBack: CoilHandBack(notice: notice).callAsFunction)))
            } catch {
                notice("\(Advice.message(for: error)); playing the handles through evdev rumble")
                evdevParts.formUnion(paths.audio)
            }
        }
        do {
            if !evdevParts.isEmpty { try evdev(evdevParts) }
        } catch {
            for driver in drivers { driver.close() }
            throw error
        }
        guard !paths.hidraw.isEmpty else { return drivers }
        let hidraw = HidrawDriver(selection: .path(pad.node), locality: PadPaths.locality(of: paths.hidraw), notice: notice)
        do {
            try hidraw.prepare()
            drivers.append(hidraw)
        } catch  where locality == .all {
            hidraw.close()
            notice("\(Advice.message(for: error)); playing through evdev")
            if evdevParts.isEmpty && paths.audio.isEmpty { try evdev(PadLocalities.rumbleParts(of: pad.profile)) }
        } catch {
            hidraw.close()
            for driver in drivers { driver.close() }
            throw error
        }
        return drivers
    }

    /// A pad's profile, `nil` for a haptic touchpad.
    private static func profile(of device: EvdevDeviceInfo) -> PadProfile? {
        device.capabilities.isHapticTouchpad ? nil : device.profile
    }

    /// How messages name `device`.
    private static func name(of device: EvdevDeviceInfo) -> String {
        PadLocalities.name(profile: profile(of: device), device: device.name, node: device.node)
    }

    /// Whether `device` names one device (a path, an index or a name) rather than leaving the
    /// choice to discovery (`auto`, `all`): then `auto` fails as `evdev` would when it cannot
    /// be driven, instead of drawing in the terminal.
    private static func names(_ device: DeviceSelection) -> Bool {
        switch device {
        case .auto, .all: false
        case .path, .name, .index: true
        }
    }

    /// The drivers for `choices`, each made by `make`, as one driver: itself when there is
    /// one, else a `FanOutDriver` over them in order. When one cannot be made (evdev with no
    /// usable pad), those made before it are closed and its error is thrown: a list fails as
    /// its failing driver would alone.
    package static func combined(_ choices: [DriverChoice], _ make: (DriverChoice) throws -> any HapticDriver) throws -> any HapticDriver {
        var made: [any HapticDriver] = []
        do {
            for choice in choices { made.append(try make(choice)) }
        } catch {
            for driver in made { driver.close() }
            throw error
        }
        return made.count == 1 ? made[0] : FanOutDriver(made)
    }
}
