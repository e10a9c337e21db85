import Synchronization

/// The built-in patterns: UIKit's impact styles, notification types and selection tick, and
/// Android's composition primitives, each named once, by the style, type or primitive it plays.
///
/// Each is an AHAP file embedded into the library by the build (the target's `Presets`
/// resources): those files are the single source of truth for the numbers.
public enum Preset: Sendable, Hashable, CaseIterable {
    /// The impact of this style.
    case impact(ImpactStyle)
    /// The notification of this outcome.
    case notification(NotificationType)
    /// The selection tick.
    case selection
    /// Android's composition primitive of this name.
    case primitive(Primitive)

    /// Every preset: the impacts, the selection tick, the notifications, then the primitives.
    public static let allCases: [Preset] =
        ImpactStyle.allCases.map(Preset.impact) + [.selection]
        + NotificationType.allCases.map(Preset.notification) + Primitive.allCases.map(Preset.primitive)

    /// The preset named `name` (`light`, `selection`, `success`...), or `nil` when there is none.
    public init?(name: String) {
        guard let preset = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = preset
    }

    /// The preset's name: its style's, type's or primitive's (`light`, `success`, `low-tick`...),
    /// or `selection`.
    public var name: String {
        switch self {
        case .impact(let style): style.rawValue
        case .notification(let type): type.rawValue
        case .selection: "selection"
        case .primitive(let primitive): primitive.rawValue
        }
    }

    /// The preset's AHAP file name, e.g. `light.ahap`.
    public var fileName: String { "\(name).ahap" }

    /// The one-line description the preset's file gives in its metadata.
    public var summary: String {
        guard case .string(let text)? = (try? JSONParser.parse(ahapBytes))?["Metadata"]?["Description"] else { return "" }
        return text
    }

    /// The preset's pattern, decoded from the embedded AHAP file the first time it is asked
    /// for, then kept: a program pays only for the presets it plays.
    public var pattern: HapticPattern {
        if let pattern = Self.decoded.withLock({ $0[self] }) { return pattern }
        guard let pattern = try? AHAPLoader.decode(ahapBytes, file: fileName).pattern else {
            preconditionFailure("the embedded preset \(fileName) did not load: the library was built from a preset that is not valid AHAP")
        }
        Self.decoded.withLock { $0[self] = pattern }
        return pattern
    }

    /// The AHAP file as built into the library.
    public var ahapBytes: [UInt8] {
        switch self {
        case .impact(.light): PackageResources.light_ahap
        case .impact(.medium): PackageResources.medium_ahap
        case .impact(.heavy): PackageResources.heavy_ahap
        case .impact(.soft): PackageResources.soft_ahap
        case .impact(.rigid): PackageResources.rigid_ahap
        case .selection: PackageResources.selection_ahap
        case .notification(.success): PackageResources.success_ahap
        case .notification(.warning): PackageResources.warning_ahap
        case .notification(.error): PackageResources.error_ahap
        case .primitive(.click): PackageResources.click_ahap
        case .primitive(.tick): PackageResources.tick_ahap
        case .primitive(.lowTick): PackageResources.low_tick_ahap
        case .primitive(.thud): PackageResources.thud_ahap
        case .primitive(.spin): PackageResources.spin_ahap
        case .primitive(.quickRise): PackageResources.quick_rise_ahap
        case .primitive(.slowRise): PackageResources.slow_rise_ahap
        case .primitive(.quickFall): PackageResources.quick_fall_ahap
        }
    }

    private static let decoded = Mutex<[Preset: HapticPattern]>([:])
}
