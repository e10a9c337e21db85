/// What other threads hand the loop thread.
enum DaemonWork: Sendable {
    /// One playback of this feedback ended.
    case playbackFinished(UInt32)
    /// A device was plugged in or unplugged.
    case devicesChanged
}
