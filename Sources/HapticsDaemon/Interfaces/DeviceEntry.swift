/// One output in the `Devices` property: `(node, name, kind)`.
struct DeviceEntry: Sendable, Hashable {
    /// The device node, e.g. `/dev/input/event5`, or `-` for standard output.
    var node: String
    /// The device's name.
    var name: String
    /// `rumble`, `periodic`, `text` or `record`.
    var kind: String
}
