/// The seam between a light bar and sysfs: listing a directory, reading and writing an
/// attribute. `SysfsLights` is the real one; tests pass a fake.
public protocol LightSystem: Sendable {
    /// The entries of the directory at `path`, empty when it is absent.
    func names(in path: String) -> [String]
    /// The text of the attribute at `path`, `nil` when it cannot be read.
    func read(_ path: String) -> String?
    /// Writes `text` to the attribute at `path`.
    func write(_ text: String, to path: String) throws(LightError)
}
