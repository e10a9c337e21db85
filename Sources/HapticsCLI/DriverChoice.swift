import Haptics

/// Where a playing command sends its frames (`--driver`).
enum DriverChoice: String, Sendable, CaseIterable {
    /// A rumble-capable gamepad when one is found, else the terminal.
    case auto
    /// The terminal: one line per frame, in real time.
    case stdout
    /// Instantly, on a manual clock: every frame the device would get, as JSON lines.
    case record
    /// A gamepad through the kernel's evdev force-feedback interface.
    case evdev

    /// The `--driver` option's help line.
    static let help = "--driver <driver>     auto, stdout, record or evdev (default: auto)"

    /// The real-time driver for this choice; `terminal` is the driver used when the choice is
    /// the terminal, or `auto` finds no gamepad. `record` is not a real-time driver: callers
    /// handle it on a manual clock.
    func makeDriver(terminal: @autoclosure () -> any HapticDriver) throws -> any HapticDriver {
        switch self {
        case .auto, .stdout, .record:
            return terminal()
        case .evdev:
            throw DriverUnavailable()
        }
    }
}

/// The evdev driver is not part of this build.
struct DriverUnavailable: Error, CustomStringConvertible {
    var description: String { "the evdev driver is not available in this build yet; use --driver stdout or record" }
}
