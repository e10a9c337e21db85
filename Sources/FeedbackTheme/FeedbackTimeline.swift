public import HapticsModel

/// One run of a theme feedback: what the motors play and when the feedback ends.
///
/// `end` is feedbackd's: the moment its `duration` timer fires and it sends `FeedbackEnded`
/// (or, in a loop, starts the next run). The track may stop earlier (a pulse followed by a
/// pause) and, on a gamepad, later: `ThemeRenderer.render(_:)` may lengthen a final short
/// pulse past `end`, but never moves `end`.
public struct FeedbackTimeline: Sendable, Hashable {
    /// The motor levels over the run, from its start.
    public var track: RumbleTrack
    /// When the run ends, from its start.
    public var end: Duration

    /// Pairs a track with the run's end.
    public init(track: RumbleTrack, end: Duration) {
        self.track = track
        self.end = end
    }
}
