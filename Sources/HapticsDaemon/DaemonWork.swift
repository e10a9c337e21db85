/// What other threads hand the loop thread.
enum DaemonWork: Sendable {
    /// One playback of this feedback ended.
    case playbackFinished(UInt32)
    /// One playback of this feedback ended because the driver failed, with the failure's
    /// message.
    case playbackFailed(UInt32, String)
    /// A device was plugged in or unplugged.
    case devicesChanged
}
