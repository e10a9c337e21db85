import HapticsModel

/// Which trigger `haptics_set_trigger_effect` sets, by the names `haptics trigger` takes.
enum TriggerSide: String, CaseIterable {
    /// The left trigger.
    case left
    /// The right trigger.
    case right
    /// Both triggers.
    case both

    /// The triggers, left first.
    var sides: [Actuator.Side] {
        switch self {
        case .left: [.left]
        case .right: [.right]
        case .both: [.left, .right]
        }
    }
}
