package import HapticsEvdev
package import HapticsRouting

/// What `hapticsd` is asked to do: where its frames go, which devices, which theme, and
/// whether to take the bus name from its owner.
package struct DaemonOptions: Sendable, Equatable {
    /// Where frames go: `auto` and `evdev` drive every rumble-capable device, following
    /// hot-plug; `hidraw` the pads' hidraw nodes; `stdout` draws them; `record` prints one JSON
    /// line per frame, in real time. The `…At` methods route each locality over these paths
    /// (`LocalityRoute`).
    /// Several are driven at once; here every driver plays in real time, so `record` too.
    package let drivers: [DriverChoice]
    /// Which devices the evdev driver drives.
    package let device: DeviceSelection
    /// The theme file given with `--theme`.
    package let theme: String?
    /// Whether to take the name from its owner.
    package let replace: Bool

    /// Options given one by one.
    package init(drivers: [DriverChoice], device: DeviceSelection, theme: String?, replace: Bool) {
        self.drivers = drivers
        self.device = device
        self.theme = theme
        self.replace = replace
    }
}
