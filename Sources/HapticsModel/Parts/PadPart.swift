/// One part of a game controller that can play haptics, as Core Haptics' localities divide a
/// controller: a handle's actuator, a trigger, or a trackpad's haptic actuator (Valve's pads).
public enum PadPart: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The actuator in the left handle.
    case leftHandle = "left-handle"
    /// The actuator in the right handle.
    case rightHandle = "right-handle"
    /// The left trigger (L2, LT).
    case leftTrigger = "left-trigger"
    /// The right trigger (R2, RT).
    case rightTrigger = "right-trigger"
    /// The left trackpad's haptic actuator (Steam Deck, Steam Controller).
    case leftTrackpad = "left-trackpad"
    /// The right trackpad's haptic actuator (Steam Deck, Steam Controller).
    case rightTrackpad = "right-trackpad"

    /// The handles, left then right.
    public static let handles: Set<PadPart> = [.leftHandle, .rightHandle]
    /// The triggers, left then right.
    public static let triggers: Set<PadPart> = [.leftTrigger, .rightTrigger]
    /// The trackpads, left then right.
    public static let trackpads: Set<PadPart> = [.leftTrackpad, .rightTrackpad]

    /// The side of the pad the part is on.
    public var side: Actuator.Side {
        switch self {
        case .leftHandle, .leftTrigger, .leftTrackpad: .left
        case .rightHandle, .rightTrigger, .rightTrackpad: .right
        }
    }

    /// Whether the part is a trigger.
    public var isTrigger: Bool { self == .leftTrigger || self == .rightTrigger }

    /// In the order `allCases` lists them: handles first, left before right.
    public static func < (lhs: PadPart, rhs: PadPart) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
