/// What went wrong with a light bar.
public enum LightError: Error, Equatable, CustomStringConvertible {
    /// The device at `node` has no light bar in the LED class.
    case noLightBar(node: String)
    /// No pad with a light bar is picked by `selection` (`auto`, `all`, a path, a name or an
    /// index) among the devices in `directory`.
    case noPad(selection: String, directory: String)
    /// Writing `path` failed, for `reason` (the call and its errno).
    case write(path: String, reason: String)

    /// One line for the terminal.
    public var description: String {
        switch self {
        case .noLightBar(let node): "\(node) has no light bar (no LED ending in :rgb:indicator or :red, :green, :blue beside it)"
        case .noPad(let selection, let directory): "no pad with a light bar matches --device \(selection) in \(directory)"
        case .write(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}
