import HapticsCommandLine

/// Turns the bytes a terminal sends in raw mode into demo inputs: ↓ or `j` pulls a step, ↑ or
/// `k` pushes one back, space or enter releases, `q` or Ctrl-C quits; other keys are ignored.
///
/// Pure: it keeps an escape sequence that arrives split across reads until it completes.
struct KeyDecoder: Sendable {
    /// How far one key press moves the list, in points: the 7th press from rest crosses the
    /// header's 54 pt threshold.
    static let step = 9.0

    /// ESC, which starts a sequence.
    private static let escape: UInt8 = 0x1B
    /// The longest escape sequence kept; a longer one is dropped as garbage.
    private static let longestSequence = 16

    /// The escape sequence read so far.
    private var pending: [UInt8] = []

    /// Creates a decoder with nothing pending.
    init() {}

    /// The inputs `bytes` complete, in order.
    mutating func decode(_ bytes: some Sequence<UInt8>) -> [DemoInput] {
        bytes.compactMap { take($0) }
    }

    /// The input `byte` completes, if any.
    private mutating func take(_ byte: UInt8) -> DemoInput? {
        guard !pending.isEmpty else {
            if byte == Self.escape {
                pending = [byte]
                return nil
            }
            return Self.input(forKey: byte)
        }
        pending.append(byte)
        if pending.count == 2 {
            guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") else {
                // Alt and a key: the key alone.
                pending = []
                return take(byte)
            }
            return nil
        }
        guard (0x40...0x7E).contains(byte) else {
            if pending.count >= Self.longestSequence { pending = [] }
            return nil
        }
        // A final byte ends the sequence: CSI A/B or SS3 A/B, with any parameters, are ↑ and ↓.
        pending = []
        switch byte {
        case UInt8(ascii: "A"): return .push(step: Self.step)
        case UInt8(ascii: "B"): return .pull(step: Self.step)
        default: return nil
        }
    }

    /// The input of a plain key.
    private static func input(forKey byte: UInt8) -> DemoInput? {
        switch byte {
        case UInt8(ascii: "j"): .pull(step: step)
        case UInt8(ascii: "k"): .push(step: step)
        case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"): .release
        case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03: .quit
        default: nil
        }
    }
}
