extension PadProfile {
    /// The memoryless helper's slot count (`FF_MEMLESS_EFFECTS`), which hid-playstation,
    /// hid-sony, hid-microsoft and hid-nintendo all use.
    private static let memlessSlots = 16

    /// Sony's DualSense through hid-playstation: two voice-coil actuators, the strong
    /// magnitude to the left one and the weak to the right (`motor_left = strong / 256`,
    /// `motor_right = weak / 256`), 8-bit, played by the pad's rumble emulation with a heavy
    /// left and a light right, so the usual sharpness split holds. Its adaptive triggers are
    /// reached through hidraw only.
    public static let dualSense = PadProfile(
        name: "dualsense", title: "DualSense (hid-playstation)",
        strongActuator: Actuator(side: .left, kind: .voiceCoil), weakActuator: Actuator(side: .right, kind: .voiceCoil),
        steps: .highByte, longestHold: nil, effectSlots: memlessSlots, shortestPulse: .milliseconds(20), sharpness: .split,
        triggers: .adaptive)

    /// Sony's DualShock 4 through hid-sony: a large eccentric motor on the left (strong) and a
    /// small one on the right (weak), 8-bit; the pad stops a held level on its own after
    /// about 5 s.
    public static let dualShock4 = PadProfile(
        name: "dualshock4", title: "DualShock 4 (hid-sony)",
        strongActuator: Actuator(side: .left, kind: .eccentricRotatingMass),
        weakActuator: Actuator(side: .right, kind: .eccentricRotatingMass),
        steps: .highByte, longestHold: .seconds(5), effectSlots: memlessSlots, shortestPulse: .milliseconds(40), sharpness: .split)

    /// Microsoft's Xbox One S and Series pads over Bluetooth through hid-microsoft: the
    /// handles' eccentric motors, strong on the left and weak on the right, each
    /// `magnitude * 100 / 65535` (the trigger motors stay at 0); each report asks the pad to
    /// hold its levels for the longest it can (the driver's own figure: 65536 ms). Its trigger
    /// motors are reached through hidraw only.
    public static let xboxBluetooth = PadProfile(
        name: "xbox-bt", title: "Xbox Wireless Controller over Bluetooth (hid-microsoft)",
        strongActuator: Actuator(side: .left, kind: .eccentricRotatingMass),
        weakActuator: Actuator(side: .right, kind: .eccentricRotatingMass),
        steps: .percent, longestHold: .milliseconds(65_536), effectSlots: memlessSlots, shortestPulse: .milliseconds(40),
        sharpness: .split, triggers: .motors)

    /// Nintendo's Switch Pro Controller through hid-nintendo: a linear resonant actuator in
    /// each handle, both played at the driver's fixed 160 Hz and 320 Hz carriers; the strong
    /// magnitude drives the left one and the weak the right, each as one amplitude
    /// (`magnitude * 1003 / 65535`, snapped to a 101-entry table). The driver sends a new
    /// level at most every 50 ms and re-sends a level that is not silence on its own. The two
    /// actuators differ only by their hand, so sharpness cannot be expressed: both get the
    /// event's amplitude.
    public static let switchPro = PadProfile(
        name: "switch-pro", title: "Switch Pro Controller (hid-nintendo)",
        strongActuator: Actuator(side: .left, kind: .linearResonantActuator, carriers: [160, 320]),
        weakActuator: Actuator(side: .right, kind: .linearResonantActuator, carriers: [160, 320]),
        steps: .nintendoTable, longestHold: nil, effectSlots: memlessSlots, shortestPulse: .milliseconds(50), sharpness: .balanced)

    /// The Switch Pro Controller's HD Rumble, played through hidraw (not the kernel's
    /// `FF_RUMBLE`): a linear resonant actuator in each handle, driven at carriers the
    /// driver chooses per frame from its sharpness, so the profile names no fixed carriers.
    /// Sharpness is `split` (the strong level plays on the low band, the weak on the high
    /// band), levels are the 101-entry amplitude table's, and a transient is a 20 ms burst:
    /// a tap. The hidraw driver sends a new level as soon as a frame starts and re-sends a
    /// sounding one itself every 50 ms until the frame ends, so the pad holds what it is sent
    /// and the renderer needs not cut held levels. The carriers span 41 Hz (the low band's
    /// lowest) to 1253 Hz (the high band's highest).
    public static let switchProHD = PadProfile(
        name: "switch-pro-hd", title: "Switch Pro Controller HD Rumble (hidraw)",
        strongActuator: Actuator(side: .left, kind: .linearResonantActuator, frequencyBand: 41...1253),
        weakActuator: Actuator(side: .right, kind: .linearResonantActuator, frequencyBand: 41...1253),
        steps: .nintendoTable, longestHold: nil, effectSlots: 1, shortestPulse: .milliseconds(20), sharpness: .split,
        transientPulse: .milliseconds(20))

    /// The DualSense's voice coils played as a waveform (`WaveformSynthesizer`), through its
    /// audio channels 3-4 over USB or output report 0x32 over Bluetooth, not through the
    /// kernel's rumble emulation: left and right voice coils, levels exact (the synthesizer
    /// scales a sine), sharpness `split` so each frame's character (`FrameCharacter`) reads
    /// back exactly, and a transient a 15 ms burst: a few cycles at its sharpness frequency,
    /// its energy gone within 30 ms once the 3 ms ramp ends it. The coils follow the wave
    /// within a sample, so a 5 ms render step keeps the timing sharp; a pulse is held for
    /// at least 10 ms, two such steps. Each coil's band is the synthesizer's (`VoiceCoilBand`).
    public static let dualSenseVoiceCoils = PadProfile(
        name: "dualsense-voice-coils", title: "DualSense voice coils (waveform)",
        strongActuator: Actuator(side: .left, kind: .voiceCoil, frequencyBand: VoiceCoilBand().lowest...VoiceCoilBand().highest),
        weakActuator: Actuator(side: .right, kind: .voiceCoil, frequencyBand: VoiceCoilBand().lowest...VoiceCoilBand().highest),
        steps: .magnitude, longestHold: nil, effectSlots: 1, shortestPulse: .milliseconds(10), sharpness: .split,
        transientPulse: .milliseconds(15))

    /// Any other rumble device, assumed the least of what the known pads do: eccentric motors
    /// (a 40 ms shortest pulse), sides unknown, a held level dropped after 5 s, one effect
    /// slot. Magnitudes go out at the kernel's full 16 bits for the driver to resolve, and the
    /// usual sharpness split applies (`FF_RUMBLE`'s strong motor is the low-frequency one).
    public static let generic = PadProfile(
        name: "generic", title: "any other rumble device",
        strongActuator: Actuator(side: nil, kind: .unknown), weakActuator: Actuator(side: nil, kind: .unknown),
        steps: .magnitude, longestHold: .seconds(5), effectSlots: 1, shortestPulse: .milliseconds(40), sharpness: .split)

    /// Valve's Steam Deck controller (USB 28de:1205), reached through hidraw only (Debian's
    /// kernels give it no force feedback): two eccentric motors in the handles, the strong on
    /// the left, driven by the rumble command's 16-bit speeds; and a haptic actuator under
    /// each trackpad, pulsed by the controller's firmware. The driver stops the motors itself
    /// at each frame's end; a transient is a 20 ms pulse.
    public static let steamDeck = PadProfile(
        name: "steam-deck", title: "Steam Deck",
        strongActuator: Actuator(side: .left, kind: .eccentricRotatingMass),
        weakActuator: Actuator(side: .right, kind: .eccentricRotatingMass),
        steps: .magnitude, longestHold: nil, effectSlots: 1, shortestPulse: .milliseconds(20), sharpness: .split,
        transientPulse: .milliseconds(20), hasHapticTrackpads: true)

    /// Valve's original Steam Controller (USB 28de:1102 wired, 28de:1142 through its
    /// wireless dongle): no motors, a haptic actuator under each trackpad, which the handles'
    /// rumble is played on, strong on the left, as Steam does.
    public static let steamController = PadProfile(
        name: "steam-controller", title: "Steam Controller",
        strongActuator: Actuator(side: .left, kind: .linearResonantActuator),
        weakActuator: Actuator(side: .right, kind: .linearResonantActuator),
        steps: .magnitude, longestHold: nil, effectSlots: 1, shortestPulse: .milliseconds(20), sharpness: .balanced,
        transientPulse: .milliseconds(20), hasHapticTrackpads: true)

    /// Every profile, `generic` last: the names `haptics render --pad` takes.
    public static let known: [PadProfile] = [
        dualSense, dualShock4, xboxBluetooth, switchPro, switchProHD, dualSenseVoiceCoils, steamDeck, steamController, generic,
    ]

    /// The profile named `name`, or `nil`.
    public static func named(_ name: String) -> PadProfile? {
        known.first { $0.name == name }
    }
}
