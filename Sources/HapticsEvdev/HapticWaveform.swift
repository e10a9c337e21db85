/// A waveform of a haptic touchpad: a usage of the HID Haptics page (0x0E), as
/// `struct ff_haptic_effect`'s `hid_usage` takes it (linux/input.h of Linux 6.18 and later:
/// "hid_usage according to Haptics page (WAVEFORM_CLICK, etc.)"). A pad lists the ones it
/// plays; the kernel refuses any other with `EINVAL`.
public enum HapticWaveform: UInt16, Sendable, CaseIterable, CustomStringConvertible {
    /// `WAVEFORM_CLICK`: one crisp click.
    case click = 0x1003
    /// `WAVEFORM_BUZZ_CONTINUOUS`: a buzz until stopped.
    case buzzContinuous = 0x1004
    /// `WAVEFORM_RUMBLE_CONTINUOUS`: a rumble until stopped.
    case rumbleContinuous = 0x1005
    /// `WAVEFORM_PRESS`: the press half of a click.
    case press = 0x1006
    /// `WAVEFORM_RELEASE`: the release half of a click.
    case release = 0x1007

    /// The continuous waveforms, in the order the driver tries them.
    public static let continuous: [HapticWaveform] = [.buzzContinuous, .rumbleContinuous]

    /// The usage's name on the HID Haptics page, e.g. `WAVEFORM_CLICK`.
    public var description: String {
        switch self {
        case .click: "WAVEFORM_CLICK"
        case .buzzContinuous: "WAVEFORM_BUZZ_CONTINUOUS"
        case .rumbleContinuous: "WAVEFORM_RUMBLE_CONTINUOUS"
        case .press: "WAVEFORM_PRESS"
        case .release: "WAVEFORM_RELEASE"
        }
    }
}
