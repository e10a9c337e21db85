import Synchronization

/// The built-in patterns: UIKit's impact styles, notification types and selection tick, each
/// named once, by the style or type it plays.
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

    /// Every preset: the impacts, the selection tick, then the notifications.
    public static let allCases: [Preset] =
        ImpactStyle.allCases.map(Preset.impact) + [.selection]
        + NotificationType.allCases.map(Preset.notification)

    /// The preset named `name` (`light`, `selection`, `success`...), or `nil` when there is none.
    public init?(name: String) {
        guard let preset = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = preset
    }

    /// The preset's name: its style's or type's (`light`, `success`...), or `selection`.
    public var name: String {
        switch self {
        case .impact(let style): style.rawValue
        case .notification(let type): type.rawValue
        case .selection: "selection"
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
        }
    }

    private static let decoded = Mutex<[Preset: HapticPattern]>([:])
}
