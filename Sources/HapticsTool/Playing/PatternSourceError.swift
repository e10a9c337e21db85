import HapticsModel

/// Why a `<pattern>` argument does not load: a pattern file or standard input that is not a
/// pattern, a composition with a bad primitive, or a sound that is not a WAV file read here.
enum PatternSourceError: Error, CustomStringConvertible {
    /// The AHAP or `.haptic` JSON does not load.
    case pattern(PatternLoadError)
    /// The `compose:` argument, as written, and its bad primitive.
    case composition(String, CompositionError)
    /// The `.wav` file does not read.
    case sound(WAVError)

    /// One line naming the argument and what is wrong.
    var description: String {
        switch self {
        case .pattern(let error): "\(error)"
        case .composition(let argument, let error): "\(argument): \(error)"
        case .sound(let error): "\(error)"
        }
    }
}
