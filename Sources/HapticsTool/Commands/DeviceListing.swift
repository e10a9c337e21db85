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

    /// What each actuator plays on the path `--driver auto` takes: the limits of the profile
    /// the pad renders with (through a writable hidraw node, its hidraw model's: HD Rumble on a
    /// Switch Pro; a DualSense's handles through its sound card or, over Bluetooth, its
    /// writable hidraw node, the voice coils'), or a touchpad's.
    var limits: PadLimits {
        guard !device.capabilities.isHapticTouchpad else { return .touchpad }
        if device.profile == .dualSense, audio != nil || bluetoothVoiceCoils != nil {
            let triggers = PadLimits(profile: .dualSense).actuators.filter { !$0.locality.parts.isDisjoint(with: PadPart.triggers) }
            return PadLimits(actuators: PadLimits(profile: .dualSenseVoiceCoils).actuators + triggers)
        }
        guard let hidraw, hidraw.isWritable else { return PadLimits(profile: device.profile) }
        return PadLimits(profile: hidraw.model.renderProfile)
    }

    /// The writable hidraw node of a DualSense over Bluetooth, whose voice coils `auto` plays
    /// there (reports 0x32); `nil` for any other pad or node.
    private var bluetoothVoiceCoils: HidrawPadInfo? {
        guard let hidraw, hidraw.isBluetooth, hidraw.isWritable, device.profile == .dualSense else { return nil }
        return hidraw
    }

    /// One compact JSON object: the device's own fields, then `localities` (an array of
    /// names), `hidraw` (`{"node":..., "writable":...}`, or `null`), `actuators` (each
    /// actuator's `locality`, `kind`, `frequency_hz` as `[low, high]` or `null`,
    /// `amplitude_steps` and `shortest_pulse_ms`) and `audio`
    /// (`{"card":"hw:Controller","node":"/dev/snd/pcmC1D0p"}`, or `null`).
    var json: String {
        let hidrawValue: JSONValue = hidraw.map { .object([("node", .string($0.node)), ("writable", .bool($0.isWritable))]) } ?? .null
        let audioValue: JSONValue = audio.map { .object([("card", .string($0.alsaName)), ("node", .string($0.playbackNode))]) } ?? .null
        let actuators = limits.actuators.map { actuator -> JSONValue in
            .object([
                ("locality", .string(actuator.locality.rawValue)), ("kind", .string(actuator.kind.rawValue)),
                ("frequency_hz", actuator.frequencyBand.map { .array([.number($0.lowerBound), .number($0.upperBound)]) } ?? .null),
                ("amplitude_steps", .number(Double(actuator.amplitudeSteps))),
                ("shortest_pulse_ms", .number(actuator.shortestPulse.inMilliseconds)),
            ])
        }
        let extra = JSONWriter.string(
            .object([
                ("localities", .array(localities.map { .string($0.rawValue) })), ("hidraw", hidrawValue), ("actuators", .array(actuators)),
                ("audio", audioValue),
            ]), layout: .compact, numbers: .rounded(decimals: 3))
        return String(device.json.dropLast()) + "," + extra.dropFirst()
    }

    /// One line: the device's line (`Advice.line(for:)`), its localities, its hidraw node
    /// with `read-only` when this user may not write to it, and its sound card, where `auto`
    /// plays its handles (`voice coils on hw:Controller (USB audio: auto plays the handles
    /// there)`), or over Bluetooth its writable hidraw node (`voice coils on /dev/hidraw3
    /// (Bluetooth 0x32: auto plays the handles there)`).
    var line: String {
        var line = Advice.line(for: device) + "; localities " + localities.map(\.rawValue).joined(separator: " ")
        if let hidraw {
            line += "; hidraw \(hidraw.node)" + (hidraw.isWritable ? "" : " read-only: triggers and HD Rumble need the udev rule")
        }
        if let audio { line += "; voice coils on \(audio.alsaName) (USB audio: auto plays the handles there)" }
        if let coils = bluetoothVoiceCoils { line += "; voice coils on \(coils.node) (Bluetooth 0x32: auto plays the handles there)" }
        return line
    }
}
