import HapticsModel
import PullToRefresh

/// The resistance the demo gives the trigger that pulls the list, so the finger feels the
/// refresh threshold: the weapon effect, which resists from its start and gives way at its end.
///
/// The threshold sits at `header height / TriggerGesture.fullPull` of the travel
/// (54 pt / 90 pt = 0.6). The resistance starts at half of it (0.3) and gives way exactly at
/// it (0.6), at strength 0.75: it builds as the finger nears the threshold, and breaks where
/// the header fires its impact.
enum TriggerResistance {
    /// The threshold as a fraction of the trigger's travel.
    static let threshold = RefreshComponentKind.header.defaultHeight / TriggerGesture.fullPull
    /// How strongly the trigger resists, 0...1.
    static let strength = 0.75

    /// The effect for a threshold at `threshold` of the travel (0...1): resistance from half
    /// of it that gives way at it.
    static func effect(threshold: Double = threshold) -> TriggerEffect {
        .weapon(start: threshold / 2, end: threshold, strength: strength)
    }

    /// The side of the trigger `axis` reads (`ABS_RZ` the right, `ABS_Z` the left), `nil` for
    /// a stick, which has no resistance to give.
    static func side(of axis: PullAxis) -> Actuator.Side? {
        guard !axis.isCentered else { return nil }
        switch axis.code {
        case 0x05: return .right
        case 0x02: return .left
        default: return nil
        }
    }
}
