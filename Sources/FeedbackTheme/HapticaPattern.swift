public import Haptics

/// A pattern in Haptica's notation: one symbol per slot, `O` heavy, `o` medium, `.` light,
/// `X` rigid, `x` soft, `-` a silent slot. Each impact starts at its slot; a slot lasts
/// `slot` (100 ms unless the theme says otherwise) and an impact longer than its slot is cut
/// where the next one starts.
public struct HapticaPattern: Sendable, Hashable {
    /// What one symbol is.
    public enum Note: Sendable, Hashable {
        /// An impact of this style.
        case impact(ImpactStyle)
        /// A silent slot.
        case wait
    }

    /// The notes, in order.
    public var notes: [Note]
    /// How long each note's slot lasts.
    public var slot: Duration

    /// The symbols the notation has, for error messages.
    public static let symbols = "O (heavy), o (medium), . (light), X (rigid), x (soft) and - (wait)"

    /// Reads `text`; `nil` when it holds a character that is not a symbol, or nothing.
    public init?(_ text: String, slot: Duration = .milliseconds(100)) {
        var notes: [Note] = []
        for character in text {
            switch character {
            case "O": notes.append(.impact(.heavy))
            case "o": notes.append(.impact(.medium))
            case ".": notes.append(.impact(.light))
            case "X": notes.append(.impact(.rigid))
            case "x": notes.append(.impact(.soft))
            case "-": notes.append(.wait)
            default: return nil
            }
        }
        guard !notes.isEmpty else { return nil }
        self.notes = notes
        self.slot = slot
    }
}
