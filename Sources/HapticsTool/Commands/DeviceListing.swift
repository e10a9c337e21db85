import HapticsCommandLine
import HapticsEvdev
import HapticsHidraw
import HapticsModel
import HapticsRouting

/// One device as `haptics devices` lists it: the evdev device, the localities it plays at and
/// its hidraw node (the node of the same HID device, for the pads whose reports the hidraw
/// driver knows).
struct DeviceListing: Sendable {
    /// The evdev device.
    let device: EvdevDeviceInfo
    /// Its hidraw pad, `nil` when it has none the hidraw driver drives.
    let hidraw: HidrawPadInfo?

    /// The localities the pad plays at (`PadLocalities.available(on:)`): `all` alone for a
    /// haptic touchpad.
    var localities: [Locality] {
        PadLocalities.available(on: device.capabilities.isHapticTouchpad ? nil : device.profile)
    }

    /// One compact JSON object: the device's own fields, then `localities` (an array of
    /// names) and `hidraw` (`{"node":..., "writable":...}`, or `null`).
    var json: String {
        let hidrawValue: JSONValue = hidraw.map { .object([("node", .string($0.node)), ("writable", .bool($0.isWritable))]) } ?? .null
        let extra = JSONWriter.string(
            .object([("localities", .array(localities.map { .string($0.rawValue) })), ("hidraw", hidrawValue)]), layout: .compact)
        return String(device.json.dropLast()) + "," + extra.dropFirst()
    }

    /// One line: the device's line (`Advice.line(for:)`), its localities, and its hidraw node
    /// with `read-only` when this user may not write to it.
    var line: String {
        var line = Advice.line(for: device) + "; localities " + localities.map(\.rawValue).joined(separator: " ")
        if let hidraw {
            line += "; hidraw \(hidraw.node)" + (hidraw.isWritable ? "" : " read-only: triggers and HD Rumble need the udev rule")
        }
        return line
    }
}
