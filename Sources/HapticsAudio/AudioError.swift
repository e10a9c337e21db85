public import HapticsEvdev
public import HapticsModel
public import HapticsPlatform

/// Why the audio driver cannot play on a pad: the facts, for the caller to word.
public enum AudioError: Error, Sendable, Equatable {
    /// No pad matches the selection.
    case noPad(selection: DeviceSelection)
    /// The locality has no handle: the voice coils are in the handles.
    case localityUnavailable(locality: Locality, name: String)
    /// The pad has no USB audio card (over Bluetooth, or snd-usb-audio is not loaded).
    case noCard(name: String, isBluetooth: Bool)
    /// The card has no playback PCM.
    case noPlaybackDevice(card: String)
    /// Another process holds the card's playback PCM (`EBUSY`); `holder` is who, when known.
    case busy(card: String, node: String, holder: CardHolder?)
    /// This user may not open the PCM node.
    case permissionDenied(node: String)
    /// The node cannot be opened for another reason.
    case cannotOpen(node: String, errno: Errno)
    /// The PCM refused the settings (or preparing it failed): `operation` names the request.
    case configurationFailed(node: String, operation: String, errno: Errno)
    /// Samples could not be written.
    case writeFailed(node: String, errno: Errno)
}

extension AudioError: CustomStringConvertible {
    /// The facts in one line, e.g. `hw:Controller (/dev/snd/pcmC1D0p) is busy: held by
    /// pipewire (pid 812)`; the command line adds the advice.
    public var description: String {
        switch self {
        case .noPad(let selection):
            selection == .auto || selection == .all ? "no gamepad was found" : "no gamepad matches '\(selection)'"
        case .localityUnavailable(let locality, let name):
            "\(name)'s voice coils are in its handles, which \(locality.rawValue) does not include"
        case .noCard(let name, let isBluetooth):
            isBluetooth ? "\(name) is connected over Bluetooth and has no USB audio card" : "\(name) has no USB audio card"
        case .noPlaybackDevice(let card): "\(card) has no playback PCM"
        case .busy(let card, let node, let holder):
            "\(card) (\(node)) is busy" + (holder.map { ": held by \($0)" } ?? "")
        case .permissionDenied(let node): "\(node): permission denied"
        case .cannotOpen(let node, let errno): "\(node) cannot be opened: \(errno)"
        case .configurationFailed(let node, let operation, let errno): "\(operation) on \(node) failed: \(errno)"
        case .writeFailed(let node, let errno): "writing samples to \(node) failed: \(errno)"
        }
    }
}
