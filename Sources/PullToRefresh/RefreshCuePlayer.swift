import HapticsModel
import Synchronization

/// Plays the cues a `RefreshStateMachine` fires on a feedback: an intent as it is, the
/// tension texture as one advanced playback started by the first `.tension` level, shaped by
/// the next ones and stopped by `.tensionEnded`.
///
/// What a `RefreshController` plays its cues with; a caller that steps a machine itself (to
/// decide under its own lock, or to report what the machine decided before the feedback
/// plays it) plays them here, after it has decided. Cues played from several threads at once
/// may interleave.
public final class RefreshCuePlayer: Sendable {
    /// The tension texture of the drag under way, while it plays.
    private let tension = Mutex<(any AdvancedPlayback)?>(nil)

    /// Creates a player with no tension texture playing.
    public init() {}

    /// Plays `cue` on `feedback`'s output; the texture is its configuration's tension (the
    /// default one when it has none).
    public func play(_ cue: RefreshCue, on feedback: RefreshFeedback) {
        let output = feedback.output
        switch cue {
        case .intent(let intent):
            output.perform(intent)
        case .tension(let level):
            let level = [DynamicParameter(parameterID: .hapticIntensityControl, value: level)]
            if let playing = tension.withLock({ $0 }) {
                try? playing.sendParameters(level, atTime: 0)
            } else {
                let texture = output.makeAdvancedPlayback(for: (feedback.configuration.tension ?? RefreshTension()).texture)
                try? texture.sendParameters(level, atTime: 0)
                try? texture.start(atTime: 0)
                // Swapped in one step: a texture another thread started meanwhile is stopped,
                // and released, outside the lock (its release reaches the engine).
                let replaced = tension.withLock { playing in
                    defer { playing = texture }
                    return playing
                }
                try? replaced?.stop(atTime: 0)
            }
        case .tensionEnded:
            let ending = tension.withLock { playing in
                defer { playing = nil }
                return playing
            }
            try? ending?.stop(atTime: 0)
        }
    }
}
