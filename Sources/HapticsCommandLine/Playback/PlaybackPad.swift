import HapticsEvdev
package import HapticsModel
import HapticsPlayback

/// The pad a real-time playback is shaped for (`RenderSettings.pad`): the profile of the
/// gamepads the driver opened.
package enum PlaybackPad {
    /// The profile every device `driver` plays on shares (`PadProfile.common(to:)`), looking
    /// into an `EvdevDriver` and into the drivers of a `FanOutDriver`; `nil` when it drives no
    /// gamepad (the terminal). Devices plugged in later play with the same settings.
    package static func profile(of driver: any HapticDriver) -> PadProfile? {
        PadProfile.common(to: devices(of: driver).map(\.profile))
    }

    private static func devices(of driver: any HapticDriver) -> [EvdevDeviceInfo] {
        if let evdev = driver as? EvdevDriver { return evdev.devices }
        if let fanOut = driver as? FanOutDriver { return fanOut.drivers.flatMap(devices(of:)) }
        return []
    }
}
