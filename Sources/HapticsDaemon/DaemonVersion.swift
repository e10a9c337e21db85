import HapticsCommandLine

/// The daemon's version, and the version of the project's own D-Bus interface.
public enum DaemonVersion {
    /// What `hapticsd --version` prints.
    public static let text = ProgramVersion.text
    /// The `Version` property of `io.github.haptics.Haptics1`.
    public static let interface: UInt32 = 1
}
