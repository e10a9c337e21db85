import HapticsModel

/// What other threads hand the loop thread.
enum DaemonWork: Sendable {
    /// A playback of this feedback failed in the driver, which stopped its engine for the
    /// reason given (e.g. its pad went away), with the failure's message: the feedback ends.
    case playbackFailed(UInt32, EngineStopReason, String)
    /// A device was plugged in or unplugged.
    case devicesChanged
}
