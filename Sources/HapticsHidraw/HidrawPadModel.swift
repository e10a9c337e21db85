public import HapticsModel

/// The pads the hidraw driver knows how to write to, each with its own output reports.
public enum HidrawPadModel: String, Sendable, Hashable, CaseIterable {
    /// Sony's DualSense: motors and adaptive triggers in output report 0x02 (USB) or 0x31
    /// (Bluetooth, with a CRC32).
    case dualSense = "dualsense"
    /// Nintendo's Switch Pro Controller: HD Rumble in output report 0x10.
    case switchPro = "switch-pro"
    /// Microsoft's Xbox One S and Series pads over Bluetooth: four motors in output report 3.
    case xboxBluetooth = "xbox-bt"

    /// The model of a pad with `profile`, or `nil` when hidraw does not drive it.
    public init?(profile: PadProfile) {
        self.init(rawValue: profile.name)
    }

    /// The parts its reports reach.
    public var parts: Set<PadPart> {
        switch self {
        case .dualSense, .xboxBluetooth: Set(PadPart.allCases)
        case .switchPro: PadPart.handles
        }
    }
}

extension HidrawPadModel {
    /// The profile frames for this pad are rendered with when hidraw plays them:
    /// `switch-pro-hd` for the Switch Pro (HD Rumble), the pad's own for the others.
    public var renderProfile: PadProfile {
        switch self {
        case .dualSense: .dualSense
        case .switchPro: .switchProHD
        case .xboxBluetooth: .xboxBluetooth
        }
    }
}
