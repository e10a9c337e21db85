import HapticsAudio
import HapticsCommandLine
import HapticsEvdev
import HapticsHidraw
import HapticsModel
import HapticsRouting

/// One device as `haptics devices` lists it: the evdev device, the localities it plays at,
/// its hidraw node (the node of the same HID device, for the pads whose reports the hidraw
/// driver knows) and its USB audio card (a DualSense's voice coils, `--driver audio`).
struct DeviceListing: Sendable {
    /// The evdev device.
    let device: EvdevDeviceInfo
    /// Its hidraw pad, `nil` when it has none the hidraw driver drives.
    let hidraw: HidrawPadInfo?
    /// Its sound card beside it on the same USB device, `nil` when it has none.
    var audio: SoundCard? = nil

    /// The localities the pad plays at (`PadLocalities.available(on:)`): `all` alone for a
    /// haptic touchpad.
    var localities: [Locality] {
        PadLocalities.available(on: device.capabilities.isHapticTouchpad ? nil : device.profile)
    }

    /// One compact JSON object: the device's own fields, then `localities` (an array of
    /// names), `hidraw` (`{"node":..., "writable":...}`, or `null`) and `audio`
    /// (`{"card":"hw:Controller","node":"/dev/snd/pcmC1D0p"}`, or `null`).
    var json: String {
        let hidrawValue: JSONValue = hidraw.map { .object([("node", .string($0.node)), ("writable", .bool($0.isWritable))]) } ?? .null
        let audioValue: JSONValue = audio.map { .object([("card", .string($0.alsaName)), ("node", .string($0.playbackNode))]) } ?? .null
        let extra = JSONWriter.string(
            .object([
                ("localities", .array(localities.map { .string($0.rawValue) })), ("hidraw", hidrawValue), ("audio", audioValue),
            ]), layout: .compact)
        return String(device.json.dropLast()) + "," + extra.dropFirst()
    }

    /// One line: the device's line (`Advice.line(for:)`), its localities, its hidraw node
    /// with `read-only` when this user may not write to it, and its sound card (`audio
    /// hw:Controller (USB, --driver audio)`).
    var line: String {
        var line = Advice.line(for: device) + "; localities " + localities.map(\.rawValue).joined(separator: " ")
        if let hidraw {
            line += "; hidraw \(hidraw.node)" + (hidraw.isWritable ? "" : " read-only: triggers and HD Rumble need the udev rule")
        }
        if let audio { line += "; audio \(audio.alsaName) (USB, --driver audio)" }
        return line
    }
}
