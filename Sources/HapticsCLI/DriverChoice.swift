import Haptics
import HapticsEvdev

/// Where a playing command sends its frames (`--driver`).
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

    /// The real-time driver for this choice, prepared. `terminal` is the driver used when the
    /// choice is the terminal, or `auto` finds no usable gamepad (saying why on `console`'s
    /// standard error). `record` is not a real-time driver: callers play it on a manual clock.
    func makeDriver(
        device: DeviceSelection,
        console: Console,
        terminal: @autoclosure () -> any HapticDriver
    ) throws -> any HapticDriver {
        guard self == .evdev || self == .auto else { return terminal() }
        let driver = EvdevDriver(selection: device, notice: { console.err("note: \($0)") })
        do {
            try driver.prepare()
            return driver
        } catch where self == .auto {
            if case EvdevError.noDevice = error {} else { console.err("note: \(Advice.message(for: error)); drawing in the terminal instead") }
            return terminal()
        }
    }
}
