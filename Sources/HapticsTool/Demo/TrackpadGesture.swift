import HapticsHidraw

/// The pull a finger on a trackpad makes: its travel down from where it landed, over
/// `TrackpadPullReader.fullPull`, held to 0...1; 0 once it is lifted.
struct TrackpadGesture: Sendable {
    /// Where the finger landed (its y), while it is on the pad.
    private var landedAt: Int16?
    /// The last pull handed on.
    private var last = 0.0

    /// The pull for a touch (or none), or `nil` when it is the same as the last.
    mutating func pull(for touch: SteamDeckInputReport.Touch?) -> Double? {
        let pull: Double
        if let touch {
            let start = landedAt ?? touch.y
            landedAt = start
            pull = min(max((Double(start) - Double(touch.y)) / TrackpadPullReader.fullPull, 0), 1)
        } else {
            landedAt = nil
            pull = 0
        }
        guard pull != last else { return nil }
        last = pull
        return pull
    }
}
