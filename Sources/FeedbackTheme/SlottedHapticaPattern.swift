public import HapticsModel

/// A feedbackd theme's `haptica` entry: Haptica's symbols (`HapticaPattern.style(of:)`: `O`
/// heavy, `o` medium, `.` light, `X` rigid, `x` soft, `-` a silent slot), timed slot by slot
/// rather than as Haptica times them (`HapticaPattern`, where only `-` takes time). Each
/// impact starts at its slot; a slot lasts `slot` (100 ms unless the theme says otherwise) and
/// an impact longer than its slot is cut where the next one starts.
public struct SlottedHapticaPattern: Sendable, Hashable {
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

    /// Reads `text`; `nil` when it holds a character that is not a symbol, or nothing.
    public init?(_ text: String, slot: Duration = .milliseconds(100)) {
        var notes: [Note] = []
        for character in text {
            if character == HapticaPattern.waitSymbol {
                notes.append(.wait)
            } else if let style = HapticaPattern.style(of: character) {
                notes.append(.impact(style))
            } else {
                return nil
            }
        }
        guard !notes.isEmpty else { return nil }
        self.notes = notes
        self.slot = slot
    }
}
