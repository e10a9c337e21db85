/// Where on a pad a pattern plays, as Core Haptics names the parts of a game controller
/// (`GCHapticsLocality`): an engine is made for one locality and plays only there.
///
/// `all`, the default, plays every part the driver reaches; the others name a group of parts
/// or one part. A pad that lacks a locality's parts cannot play there (`available(on:)`).
public enum Locality: String, Sendable, Hashable, CaseIterable {
    /// Every part the driver reaches: the handles through evdev, and the triggers too where a
    /// driver reaches them.
    case all
    /// Both handles' actuators.
    case handles
    /// The left handle's actuator.
    case leftHandle = "left-handle"
    /// The right handle's actuator.
    case rightHandle = "right-handle"
    /// Both triggers.
    case triggers
    /// The left trigger.
    case leftTrigger = "left-trigger"
    /// The right trigger.
    case rightTrigger = "right-trigger"
    /// Both trackpads (Valve's pads).
    case trackpads
    /// The left trackpad.
    case leftTrackpad = "left-trackpad"
    /// The right trackpad.
    case rightTrackpad = "right-trackpad"

    /// The parts the locality names; `all` names every part.
    public var parts: Set<PadPart> {
        switch self {
        case .all: Set(PadPart.allCases)
        case .handles: PadPart.handles
        case .leftHandle: [.leftHandle]
        case .rightHandle: [.rightHandle]
        case .triggers: PadPart.triggers
        case .leftTrigger: [.leftTrigger]
        case .rightTrigger: [.rightTrigger]
        case .trackpads: PadPart.trackpads
        case .leftTrackpad: [.leftTrackpad]
        case .rightTrackpad: [.rightTrackpad]
        }
    }

    /// The parts of `reachable` that play at this locality: all of them for `all`, else the
    /// locality's parts when the pad has every one of them, else none.
    public func parts(of reachable: Set<PadPart>) -> Set<PadPart> {
        if self == .all { return reachable }
        return parts.isSubset(of: reachable) ? parts : []
    }

    /// The localities a pad whose reachable parts are `reachable` can play at, in
    /// `allCases` order: `all` always (it plays what there is), each other one when the pad
    /// has all of its parts.
    public static func available(on reachable: Set<PadPart>) -> [Locality] {
        allCases.filter { $0 == .all || $0.parts.isSubset(of: reachable) }
    }
}
