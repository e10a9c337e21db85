/// How frames are written as text, by the stdout driver and by programs printing a track.
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
            return JSONWriter.string(Self.jsonValue(for: frame), layout: .compact, numbers: Self.numbers)
        case .text:
            let length = frame.isSilent && frame.duration == .zero ? "off" : "\(Int(frame.duration.inMilliseconds.rounded())) ms"
            return Self.padded("\(Int(frame.start.inMilliseconds.rounded()))", to: 7) + " ms  strong " + Self.level(frame.scaledStrong)
                + "  weak " + Self.level(frame.scaledWeak) + "  " + length
        }
    }

    /// The frame as the JSON object a `json` line writes (with `numbers`): `t_ms`,
    /// `duration_ms`, and the levels `strong` and `weak` with the frame's gain applied.
    package static func jsonValue(for frame: RumbleFrame) -> JSONValue {
        .object([
            ("t_ms", .number(frame.start.inMilliseconds)), ("duration_ms", .number(frame.duration.inMilliseconds)),
            ("strong", .number(frame.scaledStrong)), ("weak", .number(frame.scaledWeak)),
        ])
    }

    /// A level as `0.47 █████████▍          `: two decimals and a 20-cell bar.
    package static func level(_ value: Double) -> String {
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

    /// JSON numbers rounded to five decimals (finer than any motor resolves), integral values
    /// without a fraction.
    package static let numbers = JSONWriter.Numbers.rounded(decimals: 5)

    private static func padded(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
