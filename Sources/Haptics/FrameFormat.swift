/// How frames are written as text, by the stdout driver and by `haptics render`.
public enum FrameFormat: String, Sendable, Hashable, CaseIterable {
    /// One human line per frame: time, both levels with a bar of block characters, duration.
    case text
    /// One compact JSON object per frame:
    /// `{"t_ms":0,"duration_ms":40,"strong":0.16,"weak":0.16}`.
    case json

    /// The frame as one line (without the newline). Levels have the frame's gain applied.
    public func line(for frame: RumbleFrame) -> String {
        switch self {
        case .json:
            return JSONWriter.string(Self.jsonValue(for: frame), layout: .compact, numbers: .plain)
        case .text:
            let length = frame.isSilent && frame.duration == .zero ? "off" : "\(Int(frame.duration.inMilliseconds.rounded())) ms"
            return Self.padded("\(Int(frame.start.inMilliseconds.rounded()))", to: 7) + " ms  strong " + Self.level(frame.scaledStrong)
                + "  weak " + Self.level(frame.scaledWeak) + "  " + length
        }
    }

    /// The frame as a JSON object, `t_ms`, `duration_ms`, `strong` and `weak` (levels with the
    /// frame's gain applied), each number rounded to five decimals (finer than any motor
    /// resolves): what a `json` line writes with `JSONWriter`'s plain numbers.
    package static func jsonValue(for frame: RumbleFrame) -> JSONValue {
        .object([
            ("t_ms", .number(rounded(frame.start.inMilliseconds))),
            ("duration_ms", .number(rounded(frame.duration.inMilliseconds))),
            ("strong", .number(rounded(frame.scaledStrong))),
            ("weak", .number(rounded(frame.scaledWeak))),
        ])
    }

    /// A level as `0.47 █████████▍          `: two decimals and a 20-cell bar.
    private static func level(_ value: Double) -> String {
        let cells = 20
        let eighths = Int((value * Double(cells * 8)).rounded())
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var bar = String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
        bar += String(repeating: " ", count: cells - bar.count)
        return fixed(value) + " " + bar
    }

    /// `value` with two decimals, e.g. `0.47`.
    private static func fixed(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    /// `value` rounded to five decimals.
    private static func rounded(_ value: Double) -> Double {
        (value * 100_000).rounded() / 100_000
    }

    private static func padded(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
