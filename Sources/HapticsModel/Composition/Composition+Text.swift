extension Composition {
    /// The prefix that marks a composition where a pattern argument is expected: `compose:`.
    public static let prefix = "compose:"

    /// Reads a composition written `PRIMITIVE[:SCALE][+DELAYms][,PRIMITIVE...]` (without its
    /// `compose:` prefix), e.g. `click,tick:0.5+40ms`: SCALE from 0 to 1 (1 when absent), DELAY
    /// the milliseconds after the previous primitive ends (0 when absent; the `ms` may be left out).
    public init(text: String) throws(CompositionError) {
        self.init()
        let pieces = text.split(separator: ",", omittingEmptySubsequences: false)
        guard pieces != [""] else { throw CompositionError(position: 1, problem: .empty) }
        for (index, piece) in pieces.enumerated() {
            let position = index + 1
            let parts = piece.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)
            let head = parts[0].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let primitive = Primitive(rawValue: String(head[0])) else {
                throw CompositionError(position: position, problem: .unknownPrimitive(String(head[0])))
            }
            var scale = 1.0
            if head.count == 2 {
                guard let value = Double(head[1]), value.isFinite, (0...1).contains(value) else {
                    throw CompositionError(position: position, problem: .badScale(String(head[1])))
                }
                scale = value
            }
            var delay = 0.0
            if parts.count == 2 {
                let written = String(parts[1])
                let number = written.hasSuffix("ms") ? String(written.dropLast(2)) : written
                guard let milliseconds = Double(number), milliseconds.isFinite, milliseconds >= 0 else {
                    throw CompositionError(position: position, problem: .badDelay(written))
                }
                delay = milliseconds / 1000
            }
            try add(primitive, scale: scale, delay: delay)
        }
    }
}
