public import HapticsModel

/// A pad whose reports the hidraw driver writes, as its family (`HidrawPadModel.families`)
/// says: what its reports reach, the profile frames are rendered with, and which parts they
/// take over from the kernel's rumble.
public struct HidrawPadModel: Sendable, Hashable {
    /// The family that writes the pad's reports.
    let family: any HidrawPadFamily.Type

    init(_ family: any HidrawPadFamily.Type) {
        self.family = family
    }

    /// The model of a pad with `profile`, or `nil` when hidraw does not drive it.
    public init?(profile: PadProfile) {
        guard let family = Self.families.first(where: { $0.profile.name == profile.name }) else { return nil }
        self.init(family)
    }

    /// The parts its reports reach.
    public var parts: Set<PadPart> { family.parts }

    /// The profile frames for this pad are rendered with when hidraw plays them:
    /// `switch-pro-hd` for the Switch Pro (HD Rumble), the pad's own for the others.
    public var renderProfile: PadProfile { family.renderProfile }

    /// The profile frames for this pad are rendered with when hidraw plays `parts` on it,
    /// connected over Bluetooth (`bluetooth`) or not: `dualsense-voice-coils` for a DualSense
    /// over Bluetooth playing a handle (its handles play on the voice coils, report 0x32),
    /// `renderProfile` otherwise.
    public func renderProfile(bluetooth: Bool, parts: Set<PadPart>) -> PadProfile {
        family.renderProfile(bluetooth: bluetooth, parts: parts)
    }

    /// Whether the pad takes trigger effects (`HidrawDriver.setTriggerEffect(_:on:)`).
    public var hasAdaptiveTriggers: Bool { family.hasAdaptiveTriggers }

    /// Whether the pad has a rumble motor in each trigger, which plays the vibration modes of
    /// a trigger effect following the trigger's position (`TriggerMotorEffect`).
    public var hasTriggerMotors: Bool { family.hasTriggerMotors }

    /// The parts of `wanted` hidraw plays in place of the kernel's rumble when the pad's node
    /// is writable: all of them on a Switch Pro (HD Rumble); the triggers on a DualSense (its
    /// handles stay with evdev); all of them on an Xbox pad over Bluetooth once a trigger is
    /// wanted (a report owns all four motors), none for its handles alone.
    public func partsTakenOver(from wanted: Set<PadPart>) -> Set<PadPart> {
        family.partsTakenOver(from: wanted)
    }

    /// The same on a pad connected over Bluetooth (`bluetooth`) or not: over Bluetooth a
    /// DualSense's handles too, played on its voice coils (reports 0x32).
    public func partsTakenOver(from wanted: Set<PadPart>, bluetooth: Bool) -> Set<PadPart> {
        family.partsTakenOver(from: wanted, bluetooth: bluetooth)
    }

    /// Whether two models are the same family's.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        ObjectIdentifier(lhs.family) == ObjectIdentifier(rhs.family)
    }

    /// Hashes the family.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(family))
    }
}
