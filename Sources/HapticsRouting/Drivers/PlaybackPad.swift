import HapticsAudio
import HapticsEvdev
import HapticsHidraw
package import HapticsModel
import HapticsPlayback

/// The pad a real-time playback is shaped for (`RenderSettings.pad`): the profile of the
/// gamepads the driver opened.
package enum PlaybackPad {
    /// The profile every pad `driver` plays on shares (`PadProfile.common(to:)`), looking
    /// into an `EvdevDriver` (its devices' profiles), a `HidrawDriver` (its `renderProfile`:
    /// `switch-pro-hd` for a Switch Pro's HD Rumble), an `AudioDriver` (the voice coils'), a
    /// `RoutedDriver`'s base and the drivers of a `FanOutDriver`; `nil` when it drives no
    /// gamepad (the terminal). A DualSense whose voice coils play beside its triggers renders
    /// for the voice coils: the triggers read each frame's amplitude and sharpness, which that
    /// profile keeps exact. Devices plugged in later play with the same settings.
    package static func profile(of driver: any HapticDriver) -> PadProfile? {
        profile(playing: profiles(of: driver))
    }

    /// The profile drivers playing with `profiles` render with, as `profile(of:)` says.
    static func profile(playing profiles: [PadProfile]) -> PadProfile? {
        if profiles.contains(.dualSenseVoiceCoils), profiles.allSatisfy({ $0 == .dualSenseVoiceCoils || $0 == .dualSense }) {
            return .dualSenseVoiceCoils
        }
        return PadProfile.common(to: profiles)
    }

    /// What the actuators `driver` plays on can do: the limits of every profile
    /// `profile(of:)` looks into, the pads' actuators side by side (so a locality's band is
    /// the one all its actuators play); a DualSense's handles where its voice coils play them
    /// are the coils'. `nil` when it drives no gamepad.
    package static func limits(of driver: any HapticDriver) -> PadLimits? {
        limits(playing: profiles(of: driver))
    }

    /// The limits of drivers playing with `profiles`, as `limits(of:)` says.
    static func limits(playing profiles: [PadProfile]) -> PadLimits? {
        guard !profiles.isEmpty else { return nil }
        let coils = profiles.contains(.dualSenseVoiceCoils)
        return PadLimits(
            actuators: profiles.flatMap { profile in
                PadLimits(profile: profile).actuators.filter { actuator in
                    !(coils && profile == .dualSense && actuator.locality.parts.isDisjoint(with: PadPart.triggers))
                }
            })
    }

    private static func profiles(of driver: any HapticDriver) -> [PadProfile] {
        if let evdev = driver as? EvdevDriver { return evdev.devices.map(\.profile) }
        if let hidraw = driver as? HidrawDriver { return hidraw.renderProfile.map { [$0] } ?? [] }
        if let audio = driver as? AudioDriver { return [audio.renderProfile] }
        if let routed = driver as? RoutedDriver { return profiles(of: routed.base) }
        if let fanOut = driver as? FanOutDriver { return fanOut.drivers.flatMap(profiles(of:)) }
        return []
    }
}
