/// feedbackd's profiles, from loudest to quietest. Profiles are cumulative: `full` also plays
/// what `quiet` and `silent` list, and `quiet` what `silent` lists.
public enum FeedbackProfile: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Everything: sound, haptics and lights.
    case full
    /// No sound: haptics and lights.
    case quiet
    /// Lights only, and what a client marks `important`.
    case silent

    /// The profiles whose entries play at this level: this one and every quieter one.
    public var cumulative: [FeedbackProfile] {
        Self.allCases.filter { $0 >= self }
    }

    /// `full` < `quiet` < `silent`: the lower, the more plays.
    public static func < (lhs: FeedbackProfile, rhs: FeedbackProfile) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .full: 0
        case .quiet: 1
        case .silent: 2
        }
    }
}
