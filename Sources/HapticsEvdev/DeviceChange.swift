/// A change of one `/dev/input/eventN` node, as hot-plug reports it.
public enum DeviceChange: Sendable, Equatable {
    /// The node was created, or its attributes changed (udev granting access).
    case appeared(String)
    /// The node was removed.
    case disappeared(String)
}
