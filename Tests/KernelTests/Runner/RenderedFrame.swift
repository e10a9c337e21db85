import VirtualDevices

/// One frame as `haptics render PATTERN --pad PAD --format json` prints it: when it starts, how
/// long it lasts, and both levels with the gain applied (the pad's step columns are left aside:
/// the tests derive what a pad receives from the levels themselves).
struct RenderedFrame: Sendable, CustomStringConvertible {
    /// The start, in ms from the pattern's start.
    let start: Double
    /// The length, in ms.
    let duration: Double
    /// The strong level, 0...1.
    let strong: Double
    /// The weak level, 0...1.
    let weak: Double

    /// Whether both levels are 0.
    var isSilent: Bool { strong == 0 && weak == 0 }

    /// `0ms+60 1.00/1.00`.
    var description: String { "\(Int(start))ms+\(Int(duration)) \(strong)/\(weak)" }

    /// The frames `haptics render pattern --pad pad --format json` prints.
    static func render(_ pattern: String, pad: String, haptics: String) throws -> [RenderedFrame] {
        let (status, output) = try ChildProcess(haptics, ["render", pattern, "--pad", pad, "--format", "json"]).finish()
        try expect(status == 0, "haptics render \(pattern) --pad \(pad) exited \(status):\n\(output)")
        let frames = try output.split(separator: "{").dropFirst().map { object in
            let number = { (key: String) throws -> Double in
                try require(value(of: key, in: object), "haptics render \(pattern): no \(key) in {\(object)")
            }
            return RenderedFrame(
                start: try number("t_ms"), duration: try number("duration_ms"), strong: try number("strong"), weak: try number("weak"))
        }
        try expect(!frames.isEmpty, "haptics render \(pattern) --pad \(pad) printed no frames:\n\(output)")
        return frames
    }

    /// The number after `"key":` in one JSON object's text.
    private static func value(of key: String, in object: Substring) -> Double? {
        guard let range = object.firstRange(of: "\"\(key)\":") else { return nil }
        return Double(String(object[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "e" || $0 == "+" }))
    }
}
