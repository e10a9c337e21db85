/// The built-in patterns: UIKit's impact styles, notification types and selection tick.
///
/// Each is an AHAP file embedded into the library by the build (the target's `Presets`
/// resources): those files are the single source of truth for the numbers.
public enum Preset: String, Sendable, Hashable, CaseIterable {
    /// `ImpactStyle.light`.
    case light
    /// `ImpactStyle.medium`.
    case medium
    /// `ImpactStyle.heavy`.
    case heavy
    /// `ImpactStyle.soft`.
    case soft
    /// `ImpactStyle.rigid`.
    case rigid
    /// The selection tick.
    case selection
    /// `NotificationType.success`.
    case success
    /// `NotificationType.warning`.
    case warning
    /// `NotificationType.error`.
    case error

    /// The preset behind an impact style.
    public init(_ style: ImpactStyle) {
        switch style {
        case .light: self = .light
        case .medium: self = .medium
        case .heavy: self = .heavy
        case .soft: self = .soft
        case .rigid: self = .rigid
        }
    }

    /// The preset behind a notification type.
    public init(_ type: NotificationType) {
        switch type {
        case .success: self = .success
        case .warning: self = .warning
        case .error: self = .error
        }
    }

    /// The preset's AHAP file name, e.g. `light.ahap`.
    public var fileName: String { "\(rawValue).ahap" }

    /// The one-line description the preset's file gives in its metadata.
    public var summary: String {
        guard case .string(let text)? = (try? JSONParser.parse(ahapBytes))?["Metadata"]?["Description"] else { return "" }
        return text
    }

    /// The preset's pattern, decoded once from the embedded AHAP file.
    public var pattern: HapticPattern {
        guard let pattern = Self.decoded[self] else {
            preconditionFailure("the embedded preset \(fileName) did not load: the library was built from a preset that is not valid AHAP")
        }
        return pattern
    }

    /// The AHAP file as built into the library.
    public var ahapBytes: [UInt8] {
        switch self {
        case .light: PackageResources.light_ahap
        case .medium: PackageResources.medium_ahap
        case .heavy: PackageResources.heavy_ahap
        case .soft: PackageResources.soft_ahap
        case .rigid: PackageResources.rigid_ahap
        case .selection: PackageResources.selection_ahap
        case .success: PackageResources.success_ahap
        case .warning: PackageResources.warning_ahap
        case .error: PackageResources.error_ahap
        }
    }

    private static let decoded: [Preset: HapticPattern] = Dictionary(uniqueKeysWithValues: allCases.compactMap { preset in
        (try? AHAPLoader.decode(preset.ahapBytes, file: preset.fileName)).map { (preset, $0.pattern) }
    })
}
