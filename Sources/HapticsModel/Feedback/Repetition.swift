/// How many times a track plays back to back.
public enum Repetition: Sendable, Hashable {
    /// Plays `count` times (at least once).
    case count(Int)
    /// Plays until stopped.
    case forever

    /// Plays once.
    public static let once = Repetition.count(1)
}
