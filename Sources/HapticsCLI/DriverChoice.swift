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
}
