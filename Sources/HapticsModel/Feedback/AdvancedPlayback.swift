/// A playback shaped while it lasts, as much of Core Haptics' advanced player as a client of
/// `HapticFeedback` needs: start it, change its parameters live, stop it.
/// `AdvancedPatternPlayer` is the engine's; `HapticsTesting`'s `RecordingFeedback` hands out
/// one that records each call.
public protocol AdvancedPlayback: AnyObject, Sendable {
    /// Starts a run `time` seconds from now.
    func start(atTime time: Double) throws(AdvancedPlayerError)
    /// Ends the run `time` seconds from now.
    func stop(atTime time: Double) throws(AdvancedPlayerError)
    /// Sets each parameter's control at `time` seconds from now plus its `relativeTime`.
    func sendParameters(_ parameters: [DynamicParameter], atTime time: Double) throws(AdvancedPlayerError)
}
