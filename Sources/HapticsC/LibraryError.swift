import CHaptics
import HapticsModel
import HapticsRouting

/// Why a call of the C interface failed: the facts, its status code, and the message
/// `haptics_last_error` gives.
enum LibraryError: Error, CustomStringConvertible {
    /// An argument is NULL, NaN, out of range or not one of the names allowed; the message
    /// names the argument and what it must be.
    case invalidArgument(String)
    /// No preset of this name.
    case noPreset(String)
    /// No file at this path.
    case noFile(String)
    /// The driver cannot drive its device (the driver's own error), said as the command line
    /// says it (`Advice`).
    case device(any Error)
    /// A pattern that does not load.
    case format(PatternLoadError)
    /// What the engine's driver does not offer, in words.
    case unsupported(String)
    /// The pad sent no input report in time, in words.
    case noReport(String)

    /// The status the function returns.
    var status: haptics_status {
        switch self {
        case .invalidArgument: HAPTICS_ERROR_INVALID_ARGUMENT
        case .noPreset, .noFile: HAPTICS_ERROR_NOT_FOUND
        case .device, .noReport: HAPTICS_ERROR_DEVICE
        case .format: HAPTICS_ERROR_FORMAT
        case .unsupported: HAPTICS_ERROR_UNSUPPORTED
        }
    }

    /// One line: what went wrong.
    var description: String {
        switch self {
        case .invalidArgument(let message): message
        case .noPreset(let name):
            "no preset is named '\(name)'; the presets are " + Preset.allCases.map(\.name).joined(separator: ", ")
        case .noFile(let path): "\(path): no such file"
        case .device(let error): Advice.message(for: error)
        case .format(let error): "\(error)"
        case .unsupported(let message), .noReport(let message): message
        }
    }
}
