import HapticsHidraw
package import HapticsModel

/// Which parts of one pad play through evdev, which through hidraw and which through its
/// sound card, for a locality: the choice `--driver auto` makes per pad (and `--driver evdev`
/// checks), pure, from the pad's profile, its hidraw node's access, whether it has a sound
/// card and the locality.
///
/// `auto`: a DualSense with a sound card (over USB) plays its handles on its voice coils, as
/// a waveform (`audio`); over Bluetooth, with a writable hidraw node, on its voice coils
/// through hidraw (reports 0x32). A pad hidraw drives, with a writable hidraw node, plays the parts its
/// family takes over through hidraw and the rest through evdev
/// (`HidrawPadModel.partsTakenOver(from:)`): a Switch Pro plays through hidraw (HD Rumble); a
/// DualSense plays its handles through evdev (through its sound card where it has one), and
/// its triggers through hidraw; an Xbox pad over Bluetooth plays through evdev at
/// handle localities, and all of the locality's parts through hidraw when the locality
/// includes a trigger; a Steam Deck plays everything through hidraw (its kernel drivers give
/// it no force feedback). Any other pad plays through evdev.
/// Without hidraw access, `all` keeps evdev silently, and a locality whose triggers only
/// hidraw reaches is an error naming what to install.
package struct PadPaths: Sendable, Hashable {
    /// The parts played through evdev (the kernel's rumble).
    package var evdev: Set<PadPart>
    /// The parts played through hidraw.
    package var hidraw: Set<PadPart>
    /// The parts played as a waveform through the pad's sound card (the DualSense's voice
    /// coils over USB).
    package var audio: Set<PadPart>

    /// Creates a split of the parts.
    package init(evdev: Set<PadPart>, hidraw: Set<PadPart>, audio: Set<PadPart> = []) {
        self.evdev = evdev
        self.hidraw = hidraw
        self.audio = audio
    }

    /// The paths `auto` picks for a pad with `profile` (`nil`: a haptic touchpad), named `name`
    /// in messages, whose hidraw node has `access`, with a sound card beside it or not
    /// (`hasSoundCard`), connected over Bluetooth or not (`bluetooth`), at `locality`.
    package static func auto(
        profile: PadProfile?, access: HidrawAccess, hasSoundCard: Bool = false, bluetooth: Bool = false, locality: Locality,
        name: String
    ) throws -> PadPaths {
        let wanted = try parts(profile: profile, locality: locality, name: name)
        guard let profile else { return PadPaths(evdev: wanted, hidraw: []) }
        let audio = hasSoundCard && profile == .dualSense ? wanted.intersection(PadPart.handles) : []
        let model = HidrawPadModel(profile: profile)
        let hidrawOnly = wanted.intersection(Self.hidrawOnly)
        guard case .writable = access, let model else {
            guard hidrawOnly.isEmpty || locality == .all else { throw denied(access, locality: locality, name: name) }
            return PadPaths(evdev: wanted.subtracting(Self.hidrawOnly).subtracting(audio), hidraw: [], audio: audio)
        }
        let hidraw = model.partsTakenOver(from: wanted, bluetooth: bluetooth).subtracting(audio)
        return PadPaths(evdev: wanted.subtracting(hidraw).subtracting(audio), hidraw: hidraw, audio: audio)
    }

    /// The parts only hidraw reaches: the triggers and the trackpads.
    static let hidrawOnly = PadPart.triggers.union(PadPart.trackpads)

    /// The parts `--driver evdev` plays on a pad with `profile` at `locality`: the handles the
    /// locality names; a locality naming only triggers is an error (they need hidraw).
    package static func evdev(profile: PadProfile?, locality: Locality, name: String) throws -> Set<PadPart> {
        let wanted = try parts(profile: profile, locality: locality, name: name)
        let handles = wanted.subtracting(Self.hidrawOnly)
        if locality != .all, handles.count < wanted.count {
            throw LocalityError.triggersNeedHidraw(locality: locality, name: name)
        }
        return handles
    }

    /// The parts the pad plays at `locality` (every part it has for `all`, its rumble
    /// reaching both handles), or `HidrawError.localityUnavailable` naming its localities.
    package static func parts(profile: PadProfile?, locality: Locality, name: String) throws -> Set<PadPart> {
        let available = PadLocalities.available(on: profile)
        guard available.contains(locality) else {
            throw HidrawError.localityUnavailable(locality: locality, name: name, available: available)
        }
        guard let profile else { return PadPart.handles }
        return locality == .all ? profile.parts.union(PadLocalities.rumbleParts(of: profile)) : locality.parts
    }

    /// The locality a driver plays `parts` at: the one naming exactly them, `all` for none
    /// that does.
    package static func locality(of parts: Set<PadPart>) -> Locality {
        Locality.allCases.first { $0 != .all && $0.parts == parts } ?? .all
    }

    /// Why `locality`'s triggers cannot play without a writable node.
    private static func denied(_ access: HidrawAccess, locality: Locality, name: String) -> any Error {
        switch access {
        case .readOnly(let node), .writable(let node): HidrawError.permissionDenied(node: node, name: name)
        case .none: LocalityError.noHidrawNode(locality: locality, name: name)
        }
    }
}
