import HapticsModel

/// The daemon's version, and the version of the project's own D-Bus interface.
public enum DaemonVersion {
    /// What `hapticsd --version` prints.
    public static let text = ProgramVersion.text
    /// The `Version` property of `io.github.haptics.Haptics1`: 2 since the methods that play at
    /// a locality (`PlayAHAPAt`, `ImpactAt`, `NotifyAt`, `SelectionAt`) joined it.
    public static let interface: UInt32 = 2
}
