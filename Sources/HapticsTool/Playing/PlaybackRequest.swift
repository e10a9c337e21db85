import HapticsCommandLine
import HapticsModel
import HapticsPlayback

/// What a playing command starts on an engine: `PlaybackRunner` makes the engine (in real time,
/// or with no clock for `record`), and the request starts its playback there.
protocol PlaybackRequest: Sendable {
    /// Whether the playback never ends by itself (so it cannot be recorded instantly).
    var playsForever: Bool { get }
    /// Starts the playback on `engine` and returns how to wait for its end.
    func start(on engine: HapticEngine) -> StartedPlayback
}

/// A playback started by a request: waiting for it keeps alive what plays it.
struct StartedPlayback: Sendable {
    /// Waits for the end and says how (`nil` when the wait was cancelled).
    let finished: @Sendable () async -> PlaybackOutcome?
}

/// A request made of one feedback call: an impact, a notification, the selection tick or
/// a pattern with a repetition.
struct FeedbackRequest: PlaybackRequest {
    let playsForever: Bool
    let call: @Sendable (any HapticFeedback) -> PlaybackHandle

    init(playsForever: Bool = false, _ call: @escaping @Sendable (any HapticFeedback) -> PlaybackHandle) {
        self.playsForever = playsForever
        self.call = call
    }

    func start(on engine: HapticEngine) -> StartedPlayback {
        let handle = call(engine)
        return StartedPlayback { await handle.finished() }
    }
}

/// Part of a pattern, `from` to `to` seconds, at a playback rate, played `repetition` times
/// back to back, on an advanced player.
struct RangeRequest: PlaybackRequest {
    let pattern: HapticPattern
    let rate: Double
    let from: Double
    /// The end of the range; `nil` (or a time past it) for the pattern's end.
    let to: Double?
    let repetition: Repetition

    var playsForever: Bool { repetition == .forever }

    func start(on engine: HapticEngine) -> StartedPlayback {
        let player = engine.makeAdvancedPlayer(for: pattern)
        let length = engine.track(for: pattern).duration.inSeconds
        let end = min(to ?? length, length)
        player.playbackRate = rate
        player.loopStart = from
        player.loopEnd = end
        player.loopEnabled = repetition != .once
        do {
            try player.seek(toOffset: from)
            try player.start(atTime: 0)
            switch repetition {
            case .count(let count) where count > 1 || to != nil:
                try player.stop(atTime: Double(max(count, 1)) * (end - from) / player.playbackRate)
            case .count, .forever:
                break
            }
        } catch {
            return StartedPlayback { .failed(error) }
        }
        return StartedPlayback { await player.finished() }
    }
}
