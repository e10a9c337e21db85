package import HapticsModel

/// The localities a pad can play at, from its profile: what `haptics devices` lists and what
/// the error for a locality the pad lacks names.
package enum PadLocalities {
    /// The parts the kernel's rumble plays on a pad with `profile`: its handles, also where
    /// their sides are unknown (`generic`), since rumble always reaches both motors.
    package static func rumbleParts(of profile: PadProfile) -> Set<PadPart> {
        profile.rumbleParts.isEmpty ? PadPart.handles : profile.rumbleParts
    }

    /// The localities of a pad with `profile` (`nil` for a haptic touchpad, which plays
    /// `all` only), in `Locality.allCases` order: `Locality.available(on: profile.parts)`, and
    /// `handles` on a pad whose handles' sides are unknown (both motors, but neither alone).
    package static func available(on profile: PadProfile?) -> [Locality] {
        guard let profile else { return [.all] }
        let available = Locality.available(on: profile.parts)
        guard profile.rumbleParts.isEmpty else { return available }
        return Locality.allCases.filter { $0 == .handles || available.contains($0) }
    }

    /// How messages name a pad: `the DualShock 4 (/dev/input/event5)` for a known profile,
    /// else its device name and node.
    package static func name(profile: PadProfile?, device: String, node: String) -> String {
        guard let profile, profile != .generic else { return "'\(device)' (\(node))" }
        let title = profile.title.split(separator: " (").first.map(String.init) ?? profile.title
        return "the \(title) (\(node))"
    }
}
