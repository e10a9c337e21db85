/// What other threads hand the loop thread.
enum DaemonWork: Sendable {
    /// A playback of this feedback failed in the driver (e.g. its pad was unplugged), with the
    /// failure's message: the feedback ends.
    case playbackFailed(UInt32, String)
    /// A device was plugged in or unplugged.
    case devicesChanged
}
