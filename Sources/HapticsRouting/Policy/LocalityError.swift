package import HapticsModel

/// Why a locality cannot play through the driver asked for, beyond what the hidraw driver
/// itself says (`HidrawError`).
package enum LocalityError: Error, Sendable, Equatable {
    /// The locality names triggers, which `--driver evdev` cannot reach: the kernel's rumble
    /// plays the handles only. `name` is the pad as messages name it.
    case triggersNeedHidraw(locality: Locality, name: String)
    /// The locality names triggers, which only hidraw reaches, and the pad has no hidraw node.
    case noHidrawNode(locality: Locality, name: String)
}
