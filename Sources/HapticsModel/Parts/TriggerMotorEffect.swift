/// What a `TriggerEffect` becomes on a trigger's rumble motor (the Xbox pads' impulse
/// triggers), which neither resists the finger nor takes a frequency: a level 0...1 that
/// follows the trigger's position, 0 at rest and 1 fully pulled.
///
/// - `vibration`: the amplitude while the position is at or past the start, 0 before it.
/// - `positional-vibration`: the amplitude of the zone the position is in; zone `i` of the
///   `TriggerEffect.positionCount` holds the positions from `i / 10` up to the next zone's
///   start, the last one position 1 too.
/// - `off`: 0.
///
/// The frequency is not played: a rumble motor turns at the speed its level gives it. The
/// resistance modes (`feedback`, `weapon`, `slope`, `positional-feedback`) have no motor
/// equivalent.
public struct TriggerMotorEffect: Sendable, Hashable {
    /// The modes a trigger motor plays.
    public static let modes: [TriggerMode] = [.off, .vibration, .positionalVibration]

    /// The effect played.
    public let effect: TriggerEffect

    /// The effect on a trigger motor, or `nil` for a resistance mode (or an effect that is not
    /// `isValid`).
    public init?(_ effect: TriggerEffect) {
        guard effect.isValid else { return nil }
        switch effect {
        case .off, .vibration, .positionalVibration: self.effect = effect
        case .feedback, .weapon, .slopeFeedback, .positionalFeedback: return nil
        }
    }

    /// Whether the effect asks for a frequency, which the motor cannot play.
    public var asksForFrequency: Bool {
        switch effect {
        case .vibration, .positionalVibration: true
        default: false
        }
    }

    /// The motor's level 0...1 with the trigger at `position` (held to 0...1; a position that
    /// is not a number counts as the trigger at rest).
    public func level(at position: Double) -> Double {
        let position = position.isNaN ? 0 : min(max(position, 0), 1)
        switch effect {
        case .vibration(let start, let amplitude, _):
            return position >= start ? amplitude : 0
        case .positionalVibration(let amplitudes, _):
            return amplitudes[Self.zone(of: position)]
        default:
            return 0
        }
    }

    /// The zone `position` (in 0...1) is in: `0..<TriggerEffect.positionCount`.
    public static func zone(of position: Double) -> Int {
        let count = TriggerEffect.positionCount
        return min(max(Int((position * Double(count)).rounded(.down)), 0), count - 1)
    }
}
