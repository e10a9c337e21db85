import HapticsModel

/// The Steam Controller: as the Deck, without motors: frames play as trackpad pulses.
struct SteamControllerPad: HidrawPadFamily {
    static let profile = PadProfile.steamController
    static let parts = PadPart.trackpads
    static let renderProfile = PadProfile.steamController
    static let sendsFeatureReports = true
    /// hid-steam (both kernels know the Steam Controller) removes its gamepad while its client
    /// node is open.
    static let letsGoOfIdleNode = true

    /// Everything: the kernel's drivers reach none of it.
    static func partsTakenOver(from wanted: Set<PadPart>) -> Set<PadPart> { wanted }

    /// The Deck's logic, on the trackpads only.
    private var pad: SteamPad

    init(parts: Set<PadPart>, isBluetooth: Bool) {
        pad = SteamPad(parts: parts.intersection(PadPart.trackpads), isBluetooth: isBluetooth)
    }

    mutating func play(_ frame: RumbleFrame, now: Duration) -> HidrawPadStep { pad.play(frame, now: now) }
    mutating func stop(now: Duration) -> HidrawPadStep { pad.stop(now: now) }
    mutating func wake(generation: Int, now: Duration) -> HidrawPadStep { pad.wake(generation: generation, now: now) }
    mutating func wrote(_ step: HidrawPadStep, at time: Duration) { pad.wrote(step, at: time) }
    var resetReports: [[UInt8]] { pad.resetReports }
}
