/// How a playback ended.
public enum PlaybackOutcome: Sendable {
    /// It played to the end (every repetition).
    case completed
    /// `stop()` ended it early, on the handle or on the player.
    case stopped
    /// A driver failed; the error says what to do.
    case failed(any Error)
}
