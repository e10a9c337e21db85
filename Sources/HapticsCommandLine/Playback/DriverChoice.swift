package import HapticsEvdev
package import HapticsModel
import HapticsPlayback

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

    /// The real-time driver for this choice, prepared. `terminal` is the driver used when the
    /// choice is the terminal, or `auto` finds no usable gamepad (saying why on `console`'s
    /// standard error) where `device` names none in particular; a device named (a path, an
    /// index, a name) that cannot be driven is an error under `auto` too. `record` is not a real-time driver: callers play it instantly, with no clock.
    package func makeDriver(
        device: DeviceSelection,
        console: Console,
        terminal: @autoclosure () -> any HapticDriver
    ) throws -> any HapticDriver {
        guard self == .evdev || self == .auto else { return terminal() }
        let driver = EvdevDriver(selection: device, notice: { console.err("note: \($0)") })
        do {
            try driver.prepare()
            return driver
        } catch  where self == .auto && !Self.names(device) {
            if case EvdevError.noDevice = error {
            } else {
                console.err("note: \(Advice.message(for: error)); drawing in the terminal instead")
            }
            return terminal()
        }
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
