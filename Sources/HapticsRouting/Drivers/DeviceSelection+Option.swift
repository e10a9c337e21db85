package import HapticsEvdev

extension DeviceSelection {
    /// Reads the value of `--device` (and of the demo's `--input`): `auto`, `all`, a path
    /// (starting with `/`), an index into `haptics devices`' list, or a name.
    package init(option text: String) {
        switch text {
        case "auto": self = .auto
        case "all": self = .all
        case _ where text.hasPrefix("/"): self = .path(text)
        case _ where Int(text) != nil: self = .index(Int(text) ?? 0)
        default: self = .name(text)
        }
    }
}
